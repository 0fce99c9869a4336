import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('DATABASE_URL', () => {
  it('puts the app in the schema that the URL sets as search_path', () => {
    const url = 'postgres://club:secret@db.example.org/club?options=-c%20search_path%3Dclub_app';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ engine: 'postgres', url, schema: 'club_app' });
  });

  it('leaves the schema to the server when the URL names none', () => {
    const url = 'postgres://club:secret@db.example.org/club?sslmode=require';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ engine: 'postgres', url });
  });

  it('refuses a search_path that is not a plain schema name, naming DATABASE_URL', () => {
    const url = 'postgres://club@localhost/club?options=-c%20search_path%3D%22Odd%20Name%22';
    expect(() => loadConfig({ DATABASE_URL: url })).toThrow(/DATABASE_URL/);
  });
});
