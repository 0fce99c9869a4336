import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { sentenceMarker } from '../../eslint/sentence-marker.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
const missing = [{ messageId: 'missing' }];

// No database here: the PostgreSQL project would only run it again.
describe.skipIf(process.env.TEST_ENGINE === 'postgres')('the sentence marker rule', () => {
  tester.run('sentence-marker', sentenceMarker, {
    valid: [
      `throw conflict(/*i18n*/ 'This application was reviewed by someone else just now.');`,
      `const CLOSED = /*i18n*/ 'Applications are closed.'; throw forbidden(CLOSED);`,
      `throw conflict({ sentence: /*i18n*/ 'Already {status}.', values: { status } });`,
      `throw conflict(done ? /*i18n*/ 'Done.' : /*i18n*/ 'Not yet.');`,
      `new AppError(502, 'BAD_GATEWAY', /*i18n*/ 'Authentication failed');`,
      `const LABELS: Record<Status, Sentence> = { pending: /*i18n*/ 'Pending review' };`,
      `const LABELS = { a: /*i18n*/ 'A' } as const satisfies Record<string, Sentence>;`,
      `const KNOWN: Record<string, { code: ErrorCode; message: Sentence }> = { x: { code: 'X', message: /*i18n*/ 'Bad.' } };`,
      // Not sentences: codes, log lines, what an error is from a library.
      `throw badRequest(error.message); log.warn({ id }, 'mail delivery failed'); const code = 'NOT_FOUND';`,
    ],
    invalid: [
      { code: `throw notFound('There is no such email template.');`, errors: missing },
      { code: `const CLOSED = 'Applications are closed.'; throw forbidden(CLOSED);`, errors: missing },
      { code: `throw conflict({ sentence: 'Already {status}.', values: { status } });`, errors: missing },
      { code: `throw conflict(done ? /*i18n*/ 'Done.' : 'Not yet.');`, errors: missing },
      { code: `new RetryLater('Busy, try again.', 5);`, errors: missing },
      { code: `const A: Sentence = 'Lab 2';`, errors: missing },
      { code: `const LABELS: Record<Status, Sentence> = { pending: 'Pending review' };`, errors: missing },
      { code: `const LABELS = { a: 'A' } as const satisfies Record<string, Sentence>;`, errors: missing },
      {
        code: `const KNOWN: Record<string, { code: ErrorCode; message: Sentence }> = { x: { code: 'X', message: 'Bad.' } };`,
        errors: missing,
      },
      { code: 'say(`Hello`);', errors: missing },
    ],
  });
});
