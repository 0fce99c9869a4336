import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
import { i18n } from '@lingui/core';
import { DATE_HINT, DATE_TIME_HINT, fromDateInput, fromLocalInput } from './format';
import { contractResolver, showServerErrors } from './form';

const schema = z.object({
  days: z.number('Enter a number.').int().min(1, 'At least 1 day.'),
  rows: z.array(z.object({ name: z.string().min(1, 'Required.') })),
});
type Draft = { days: string; rows: { name: string }[] };
const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const resolve = contractResolver(schema, (draft: Draft) => ({
  ...draft,
  days: draft.days.trim() === '' ? Number.NaN : Number(draft.days),
}));

describe("the contract schema as a form's judge", () => {
  it('hands the submit handler the value in the API shape', async () => {
    const result = await resolve({ days: '28', rows: [{ name: 'Nadia' }] }, undefined, options as never);
    expect(result).toEqual({ values: { days: 28, rows: [{ name: 'Nadia' }] }, errors: {} });
  });

  it('puts each message under the field it names, rows included', async () => {
    const result = await resolve({ days: '0', rows: [{ name: 'Nadia' }, { name: '' }] }, undefined, options as never);
    expect(result.values).toEqual({});
    expect(result.errors.days?.message).toBe('At least 1 day.');
    expect(result.errors.rows?.[1]?.name?.message).toBe('Required.');
  });
});

describe('a typed date the form cannot read', () => {
  const event = z.object({
    name: z.string().min(1, 'Required.'),
    starts_at: z.iso.datetime({ error: 'starts_at must be an ISO 8601 date and time.' }),
    on: z.iso.date({ error: 'on must be an ISO 8601 date.' }),
  });
  type Typed = { name: string; starts_at: string; on: string };
  const resolveEvent = contractResolver(event, (draft: Typed) => ({
    ...draft,
    starts_at: fromLocalInput(draft.starts_at),
    on: fromDateInput(draft.on),
  }));

  it('says under its field how to type it, not the API format', async () => {
    for (const [startsAt, on] of [
      ['31/02/2026 18:30', '2026-12-31'],
      ['tomorrow', '31/02/2026'],
    ]) {
      const result = await resolveEvent({ name: '', starts_at: startsAt!, on: on! }, undefined, options as never);
      expect(result.errors.starts_at?.message).toBe(i18n._(DATE_TIME_HINT));
      expect(result.errors.on?.message).toBe(i18n._(DATE_HINT));
      expect(result.errors.name?.message).toBe('Required.');
    }
  });

  it('leaves readable dates, and the messages of other fields, alone', async () => {
    const result = await resolveEvent(
      { name: 'Kick-off', starts_at: '31/12/2026 18:30', on: '31/12/2026' },
      undefined,
      options as never,
    );
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      name: 'Kick-off',
      // Read in the club's time zone (Africa/Casablanca by default: UTC+1 in December).
      starts_at: '2026-12-31T17:30:00.000Z',
      on: '2026-12-31',
    });
  });
});

describe("the server's field errors", () => {
  const refusal = (details: { path: string; message: string }[]) =>
    new ApiError('settings.contact_phone: unreachable', 400, 'VALIDATION_FAILED', details);

  it('land under the fields they name, without the envelope, the first message of each', () => {
    const placed: [string, string | undefined][] = [];
    const answer = showServerErrors(
      refusal([
        { path: 'settings.contact_phone', message: 'This number is not reachable.' },
        { path: 'settings.contact_phone', message: 'A second opinion.' },
        { path: 'settings.board_members.2.name', message: 'Required.' },
      ]),
      (path, error) => placed.push([path, error.message]),
      { prefix: 'settings.' },
    );
    expect(answer).toBe(true);
    expect(placed).toEqual([
      ['contact_phone', 'This number is not reachable.'],
      ['board_members.2.name', 'Required.'],
    ]);
  });

  it('are left alone when the failure names no field, or names only fields the form does not have', () => {
    const placed: string[] = [];
    const setError = (path: string) => placed.push(path);
    expect(showServerErrors(new Error('offline'), setError)).toBe(false);
    expect(showServerErrors(refusal([{ path: 'id', message: 'Unknown.' }]), setError, { accept: () => false })).toBe(
      false,
    );
    expect(placed).toEqual([]);
  });
});
