import type { FieldValues, ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-client';
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
