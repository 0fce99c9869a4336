import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('DATABASE_URL with a schema', () => {
  it('puts the app in the schema named by ?schema= and hands pg the URL without it', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://club:pw@db.internal:5432/club?schema=club_a&sslmode=require',
    });
    expect(config.database).toEqual({
      engine: 'postgres',
      url: 'postgres://club:pw@db.internal:5432/club?sslmode=require',
      schema: 'club_a',
    });
  });

  it('leaves a URL without ?schema= exactly as it was', () => {
    const url = 'postgresql://club@/club?host=/var/run/postgresql';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ engine: 'postgres', url });
  });

  it('refuses a schema name that is not a plain lowercase identifier, naming DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db/club?schema=Club;drop' })).toThrow(/DATABASE_URL/);
  });
});

describe('REDIS_KEY_PREFIX', () => {
  it('defaults to club: and refuses spaces, naming the variable', () => {
    expect(loadConfig({}).redisKeyPrefix).toBe('club:');
    expect(loadConfig({ REDIS_KEY_PREFIX: 'staging:' }).redisKeyPrefix).toBe('staging:');
    expect(() => loadConfig({ REDIS_KEY_PREFIX: 'two words' })).toThrow(/REDIS_KEY_PREFIX/);
  });
});

describe('ALLOWED_CAMPUSES', () => {
  it('reads ids and names separated by commas; empty lets every campus apply', () => {
    expect(loadConfig({}).allowedCampuses).toEqual([]);
    expect(loadConfig({ ALLOWED_CAMPUSES: ' Khouribga, 21 ,,Ben Guerir ' }).allowedCampuses).toEqual([
      { id: null, name: 'Khouribga' },
      { id: 21, name: 'campus 21' },
      { id: null, name: 'Ben Guerir' },
    ]);
  });

  it('refuses an id past 32 bits or a name with control characters, naming the variable', () => {
    expect(() => loadConfig({ ALLOWED_CAMPUSES: '99999999999' })).toThrow(/ALLOWED_CAMPUSES/);
    expect(() => loadConfig({ ALLOWED_CAMPUSES: 'Khouribga,Ben\tGuerir' })).toThrow(/ALLOWED_CAMPUSES/);
  });
});

describe('PUBLIC_URL in production', () => {
  const production = { NODE_ENV: 'production', FT_CLIENT_ID: 'club', FT_CLIENT_SECRET: 'secret' };

  it('refuses to start with an http address, or none (the default is http://localhost), naming PUBLIC_URL', () => {
    expect(() => loadConfig({ ...production, PUBLIC_URL: 'http://club.example.org' })).toThrow(
      new ConfigError(
        'PUBLIC_URL',
        'must be an https:// address when NODE_ENV=production (it is http://club.example.org)',
      ),
    );
    expect(() => loadConfig(production)).toThrow(/^Invalid configuration: PUBLIC_URL .*http:\/\/localhost:3000/);
  });

  it('starts with an https address, and allows http outside production', () => {
    expect(loadConfig({ ...production, PUBLIC_URL: 'https://club.example.org/' }).publicUrl).toBe(
      'https://club.example.org',
    );
    expect(loadConfig({ PUBLIC_URL: 'http://club.example.org' }).publicUrl).toBe('http://club.example.org');
  });
});

describe('API_DOCS', () => {
  const production = {
    NODE_ENV: 'production',
    FT_CLIENT_ID: 'club',
    FT_CLIENT_SECRET: 'secret',
    PUBLIC_URL: 'https://club.example.org',
  };

  it('keeps the docs for admins in production and opens them elsewhere, unless set', () => {
    expect(loadConfig(production).apiDocs).toBe('admins');
    expect(loadConfig({}).apiDocs).toBe('public');
    expect(loadConfig({ NODE_ENV: 'test' }).apiDocs).toBe('public');
    expect(loadConfig({ ...production, API_DOCS: 'off' }).apiDocs).toBe('off');
    expect(loadConfig({ ...production, API_DOCS: 'public' }).apiDocs).toBe('public');
  });

  it('refuses any other value, naming the variable and the choices', () => {
    expect(() => loadConfig({ API_DOCS: 'admin' })).toThrow(
      new ConfigError('API_DOCS', 'must be one of public, admins, off'),
    );
  });
});

describe('WEBHOOK_ALLOWED_HOSTS', () => {
  it('reads host names and addresses separated by commas, spelt as a URL spells its host', () => {
    expect(loadConfig({}).webhookAllowedHosts).toEqual([]);
    expect(
      loadConfig({ WEBHOOK_ALLOWED_HOSTS: ' Bot.Club.lan, 10.0.0.7 ,,fd00::7, [FE80::1]' }).webhookAllowedHosts,
    ).toEqual(['bot.club.lan', '10.0.0.7', '[fd00::7]', '[fe80::1]']);
  });

  it('refuses an address with a scheme, a port, a path or a wildcard, naming the variable', () => {
    for (const entry of ['https://bot.club.lan', 'bot.club.lan:8443', 'bot.club.lan/hook', '*.club.lan', 'a b']) {
      expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: entry }), entry).toThrow(/WEBHOOK_ALLOWED_HOSTS/);
    }
  });
});
