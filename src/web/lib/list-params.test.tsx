import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memberListQuerySchema } from '../../contract/members';
import { readListParams, useListParams, writeListParams } from './list-params';

const USERS = memberListQuerySchema
  .omit({ limit: true, step: true, campus: true, sort: true })
  .extend({ banned: z.enum(['all', 'banned', 'not-banned']).default('all') });
const address = (search: string) => new URLSearchParams(search);

describe('the filters and page of an admin list, in the address', () => {
  it('reads each filter and the page, typed by the contract', () => {
    expect(readListParams(USERS, address('role=board&q=%20ada%20&offset=40&banned=banned'))).toEqual({
      role: 'board',
      q: 'ada',
      offset: 40,
      banned: 'banned',
    });
  });

  it('reads the plain address as the first page with no filter', () => {
    expect(readListParams(USERS, address(''))).toEqual({ role: undefined, q: undefined, offset: 0, banned: 'all' });
  });

  it('takes the default for a value the contract refuses, and keeps the other filters', () => {
    expect(readListParams(USERS, address('role=king&offset=-3&q=ada'))).toEqual({
      role: undefined,
      q: 'ada',
      offset: 0,
      banned: 'all',
    });
  });

  it('writes a filter and goes back to the first page', () => {
    expect(writeListParams(USERS, address('role=board&offset=40'), { q: 'ada' }).toString()).toBe('role=board&q=ada');
  });

  it('writes the page alone when the page is what changed', () => {
    expect(writeListParams(USERS, address('role=board'), { offset: 20 }).toString()).toBe('role=board&offset=20');
  });

  it('drops a filter set back to empty or to its default, so the plain list has the plain address', () => {
    const next = writeListParams(USERS, address('role=board&banned=banned&offset=20'), {
      role: '',
      banned: 'all',
    });
    expect(next.toString()).toBe('');
    expect(writeListParams(USERS, address('q=ada&offset=20'), { offset: 0 }).toString()).toBe('q=ada');
  });

  it('keeps what the address holds beyond the list', () => {
    expect(writeListParams(USERS, address('tab=2'), { role: 'member' }).toString()).toBe('tab=2&role=member');
  });

  it('gives a page the values, the text as typed, the choice as parsed and the pager from the address', () => {
    function Probe() {
      const list = useListParams(USERS);
      const { value: text } = list.text('q');
      const { value: choice } = list.choice('role');
      const { offset, limit } = list.pager(20);
      return <output>{JSON.stringify({ values: list.values, text, choice, offset, limit })}</output>;
    }
    const html = renderToStaticMarkup(
      <MemoryRouter initialEntries={['/admin/users?q=ada%20l&role=king&offset=20']}>
        <Probe />
      </MemoryRouter>,
    );
    const shown = JSON.parse(html.replace(/^<output>|<\/output>$/g, '').replaceAll('&quot;', '"'));
    expect(shown).toEqual({
      values: { q: 'ada l', offset: 20, banned: 'all' },
      text: 'ada l',
      choice: '',
      offset: 20,
      limit: 20,
    });
  });
});
