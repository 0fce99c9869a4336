import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { CHALLENGES_PER_CANDIDATE } from '../../../contract/constants';
import { ErrorBanner } from '../../components/error-banner';
import { Notice } from '../../components/notice';
import { useAssignChallenges } from './api';

/**
 * A candidate at step 1 who holds fewer challenges than the process requires (decision 0145):
 * each challenge the board activates reaches them by itself; Assign challenges gives them the
 * active ones an activation did not reach.
 */
export function AssignChallengesSection({
  userId,
  login,
  held,
  assignable,
}: {
  userId: number;
  login: string;
  held: number;
  assignable: number;
}) {
  const { t } = useLingui();
  const assign = useAssignChallenges();
  const [done, setDone] = useState<string | null>(null);
  if (held >= CHALLENGES_PER_CANDIDATE && !done) return null;
  const required = CHALLENGES_PER_CANDIDATE;
  const holds = plural(held, {
    0: `@${login} holds no challenge yet, of the ${required} the process requires.`,
    one: `@${login} holds # challenge of the ${required} the process requires.`,
    other: `@${login} holds # challenges of the ${required} the process requires.`,
  });
  return (
    <section className="stack" aria-labelledby="assign-section-title">
      <h3 id="assign-section-title">
        <Trans>Challenges to assign</Trans>
      </h3>
      <Notice text={done} success />
      <ErrorBanner error={assign.error} fallback={t`The challenges could not be assigned.`} />
      {!done && (
        <div className={assignable > 0 ? 'alert alert-info stack' : 'stack'}>
          <p>
            {holds}{' '}
            {assignable > 0
              ? plural(assignable, {
                  one: 'One active challenge can be assigned to them now.',
                  other: '# active challenges can be assigned to them now.',
                })
              : t`Each challenge the board activates goes to them by itself, their deadline unchanged.`}
          </p>
          {assignable > 0 && (
            <div className="row">
              <button
                type="button"
                className="btn btn-small"
                disabled={assign.isPending}
                onClick={() =>
                  assign.mutate(userId, {
                    onSuccess: ({ assigned }) =>
                      setDone(
                        plural(assigned, {
                          one: `@${login} got # challenge. Their deadline is unchanged.`,
                          other: `@${login} got # challenges. Their deadline is unchanged.`,
                        }),
                      ),
                  })
                }
              >
                <Trans>Assign challenges</Trans>
              </button>
            </div>
          )}
        </div>
      )}
    </section>
  );
}
