import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import {
  RUBRIC_MAX_CRITERIA,
  rubricBodySchema,
  type Criterion,
  type HackathonEvent,
} from '../../../contract/hackathon';
import type { MemberListItem } from '../../../contract/members';
import { Field } from '../../components/field';
import { TextFilter } from '../../components/filters';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { contractResolver, showServerErrors } from '../../lib/form';
import { useEventJudges, useEventRubric, usePeopleMatching, useSetEventJudges, useSetEventRubric } from './api';

/** Who may judge (spec §14): an admin, a club member or a board member. */
const mayJudge = (person: MemberListItem) => person.is_admin || person.role !== 'student';

/**
 * The event's judges (spec §14, issue 30 item 1): named from the admins and the club's members,
 * found by login, name or email; a judge who is not an admin gets "Judging" and this event's door
 * and scoring screens, nothing else. Each change replaces the list, as the API does.
 */
function JudgesEditor({ event }: { event: HackathonEvent }) {
  const { t } = useLingui();
  const judges = useEventJudges(event.id);
  const setJudges = useSetEventJudges();
  const [q, setQ] = useState('');
  const people = usePeopleMatching(q);
  const [said, setSaid] = useState<string | null>(null);
  if (judges.isPending) return <Spinner label={t`Loading the judges`} />;
  if (judges.error) {
    return <LoadError error={judges.error} fallback={t`Failed to load the judges`} onRetry={() => judges.refetch()} />;
  }
  const named = judges.data.data;
  const ids = named.map((judge) => judge.id);
  const save = (userIds: number[], done: string) => {
    setSaid(null);
    setJudges.mutate({ eventId: event.id, userIds }, { onSuccess: () => setSaid(done) });
  };
  const candidates = (people.data?.data ?? []).filter(mayJudge);
  return (
    <div className="stack-tight">
      <h3 id="judges-title">
        <Trans>Judges</Trans>
      </h3>
      <p className="hint">
        <Trans>
          Admins, club members and board members may judge. A judge who is not an admin sees Judging, with this event’s
          check-in and scoring, and no admin page.
        </Trans>
      </p>
      {named.length === 0 ? (
        <p className="muted">
          <Trans>No judge named yet: only admins can check people in and score this event.</Trans>
        </p>
      ) : (
        <ul className="plain-list judge-list" aria-labelledby="judges-title">
          {named.map((judge) => {
            const login = judge.intra_login;
            return (
              <li key={judge.id} className="row">
                <bdi>@{login}</bdi>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={t`Remove @${login} from the judges`}
                  disabled={setJudges.isPending}
                  onClick={() =>
                    save(
                      ids.filter((id) => id !== judge.id),
                      t`@${login} is no longer a judge.`,
                    )
                  }
                >
                  <Trans>Remove</Trans>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <TextFilter label={t`Find someone to name`} placeholder={t`Login, name or email`} value={q} onChange={setQ} />
      {q &&
        (people.isPending ? (
          <Spinner label={t`Searching`} />
        ) : people.error ? (
          <LoadError error={people.error} fallback={t`The search failed`} onRetry={() => people.refetch()} />
        ) : candidates.length === 0 ? (
          <p className="muted">
            <Trans>
              No admin or member to name matches “<bdi>{q}</bdi>”.
            </Trans>
          </p>
        ) : (
          <ul className="plain-list judge-list" aria-label={t`People who may judge`}>
            {candidates.map((person) => {
              const login = person.intra_login;
              const name = [person.first_name, person.last_name].filter(Boolean).join(' ');
              return (
                <li key={person.id} className="row">
                  <span className="judge-candidate">
                    <bdi>@{login}</bdi> {name && <bdi className="muted">{name}</bdi>}
                  </span>
                  {ids.includes(person.id) ? (
                    <span className="muted">
                      <Trans>A judge</Trans>
                    </span>
                  ) : (
                    <button
                      type="button"
                      className="btn btn-small"
                      aria-label={t`Name @${login} a judge`}
                      disabled={setJudges.isPending}
                      onClick={() => save([...ids, person.id], t`@${login} is a judge of this event.`)}
                    >
                      <Trans>Name a judge</Trans>
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        ))}
      {setJudges.error && (
        <p className="alert" role="alert">
          {errorMessage(setJudges.error, t`Failed to save the judges`)}
        </p>
      )}
      <p className="muted" role="status">
        {said}
      </p>
    </div>
  );
}

type CriterionDraft = { key: string; name: string; weight: string; max: string };
type RubricDraft = { criteria: CriterionDraft[] };

const draftOf = (criteria: Criterion[]): RubricDraft => ({
  criteria: criteria.map((criterion) => ({
    ...criterion,
    weight: String(criterion.weight),
    max: String(criterion.max),
  })),
});
/** The numbers typed as text, in the API's shape: what is not a number is refused by the schema. */
const toInput = (draft: RubricDraft) => ({
  criteria: draft.criteria.map((criterion) => ({
    ...criterion,
    weight: Number(criterion.weight),
    max: Number(criterion.max),
  })),
});
/** A key no criterion of the draft has: scores are stored by key, the board never sees it. */
const freeKey = (criteria: CriterionDraft[]) => {
  let n = criteria.length + 1;
  while (criteria.some((criterion) => criterion.key === `criterion_${n}`)) n += 1;
  return `criterion_${n}`;
};

/**
 * The event's criteria (spec §14, issue 30 item 4): a name, a weight from 1 to 10 and a maximum
 * from 1 to 100 each, 1 to 8 of them, judged by the API's schema; until the first score, then shown
 * as they are.
 */
function RubricEditor({ event }: { event: HackathonEvent }) {
  const rubric = useEventRubric(event.id);
  // Here, not in the form: a saved rubric comes back as new criteria, and the form is made anew.
  const setRubric = useSetEventRubric();
  const { t } = useLingui();
  if (rubric.isPending) return <Spinner label={t`Loading the criteria`} />;
  if (rubric.error) {
    return (
      <LoadError error={rubric.error} fallback={t`Failed to load the criteria`} onRetry={() => rubric.refetch()} />
    );
  }
  const { criteria, is_default: isDefault, locked } = rubric.data;
  return (
    <div className="stack-tight">
      <h3>
        <Trans>Judging criteria</Trans>
      </h3>
      {locked ? (
        <>
          <p className="muted">
            <Trans>A judge has scored a team: the criteria can no longer change.</Trans>
          </p>
          <ul className="rubric-list">
            {criteria.map((criterion) => {
              const { name, weight, max } = criterion;
              return (
                <li key={criterion.key}>
                  <Trans>
                    <bdi>{name}</bdi>: out of {max}, weight {weight}
                  </Trans>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        <>
          {isDefault && (
            <p className="hint">
              <Trans>These are the default criteria; change them before the first score.</Trans>
            </p>
          )}
          <RubricForm key={JSON.stringify(criteria)} eventId={event.id} criteria={criteria} setRubric={setRubric} />
          {setRubric.isSuccess && (
            <p className="muted" role="status">
              <Trans>Criteria saved.</Trans>
            </p>
          )}
        </>
      )}
    </div>
  );
}

function RubricForm({
  eventId,
  criteria,
  setRubric,
}: {
  eventId: number;
  criteria: Criterion[];
  setRubric: ReturnType<typeof useSetEventRubric>;
}) {
  const { t } = useLingui();
  const { control, register, handleSubmit, getValues, setError, formState } = useForm<
    RubricDraft,
    unknown,
    { criteria: Criterion[] }
  >({
    defaultValues: draftOf(criteria),
    resolver: contractResolver(rubricBodySchema, toInput),
    reValidateMode: 'onSubmit',
  });
  const rows = useFieldArray({ control, name: 'criteria' });
  const { errors } = formState;
  const onSubmit = (submitted: FormEvent<HTMLFormElement>) => {
    setRubric.reset();
    return handleSubmit((body) =>
      setRubric.mutate({ eventId, criteria: body.criteria }, { onError: (error) => showServerErrors(error, setError) }),
    )(submitted);
  };
  const listError = errors.criteria?.root?.message ?? errors.criteria?.message;
  return (
    <form className="stack-tight" onSubmit={onSubmit} noValidate aria-label={t`Judging criteria`}>
      {listError && (
        <p className="alert" role="alert" data-error-anchor tabIndex={-1}>
          {listError}
        </p>
      )}
      <ol className="rubric-rows">
        {rows.fields.map((row, index) => {
          const error = errors.criteria?.[index];
          const n = index + 1;
          /** A whole number of the row, from 1 to `top`. */
          const numberField = (field: 'max' | 'weight', label: string, top: number) => (
            <Field id={`criterion-${n}-${field}`} label={label} error={error?.[field]?.message}>
              {(props) => (
                <input
                  className="input"
                  type="number"
                  min={1}
                  max={top}
                  {...props}
                  {...register(`criteria.${index}.${field}`)}
                />
              )}
            </Field>
          );
          return (
            <li key={row.id} className="rubric-row">
              <Field
                id={`criterion-${n}-name`}
                label={t`Criterion ${n}`}
                error={error?.name?.message ?? error?.key?.message}
              >
                {(props) => (
                  <input
                    className="input"
                    dir="auto"
                    maxLength={80}
                    {...props}
                    {...register(`criteria.${index}.name`)}
                  />
                )}
              </Field>
              {numberField('max', t`Out of`, 100)}
              {numberField('weight', t`Weight`, 10)}
              <button
                type="button"
                className="btn btn-secondary btn-small"
                aria-label={t`Remove criterion ${n}`}
                disabled={rows.fields.length === 1}
                onClick={() => rows.remove(index)}
              >
                <Trans>Remove</Trans>
              </button>
            </li>
          );
        })}
      </ol>
      <div className="row">
        <button
          type="button"
          className="btn btn-secondary btn-small"
          disabled={rows.fields.length >= RUBRIC_MAX_CRITERIA}
          onClick={() => rows.append({ key: freeKey(getValues('criteria')), name: '', weight: '1', max: '10' })}
        >
          <Trans>Add a criterion</Trans>
        </button>
        <button type="submit" className="btn btn-small" disabled={setRubric.isPending}>
          <Trans>Save the criteria</Trans>
        </button>
      </div>
      {setRubric.error && !Object.keys(errors).length && (
        <p className="alert" role="alert">
          {errorMessage(setRubric.error, t`Failed to save the criteria`)}
        </p>
      )}
    </form>
  );
}

/** Who judges the event and on what (spec §14): its judges, then its criteria. */
export function JudgingSection({ event }: { event: HackathonEvent }) {
  return (
    <div className="judging-admin">
      <JudgesEditor event={event} />
      <RubricEditor event={event} />
    </div>
  );
}
