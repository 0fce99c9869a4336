import type { I18n, MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { STEP_NAMES as NAMES } from '../../lib/journey-names';

/** The journey's steps a message can be sent to by name, the declined ones (step -1) first. */
export const STEP_NAMES: ReadonlyMap<number, MessageDescriptor | string> = new Map(
  [-1, 0, 1, 2, 3, 4].map((step) => [step, NAMES[step]!]),
);

/** A step's name in the language spoken now (the journey's titles are descriptors or, until translated, text). */
export function stepName(i18n: I18n, step: number): string | undefined {
  const name = STEP_NAMES.get(step);
  return typeof name === 'string' || name === undefined ? name : i18n._(name);
}

type Audience = { step?: number; past_deadline?: boolean; event_id?: number; user_ids?: number[] };

/** Each criterion of an audience as a phrase of its own. */
export function AudienceList({
  audience,
  eventName,
}: {
  audience: Audience;
  eventName: (id: number) => string | undefined;
}) {
  const { t, i18n } = useLingui();
  const { step, event_id: eventId, user_ids: chosen } = audience;
  const stepText = step === undefined ? undefined : (stepName(i18n, step) ?? String(step));
  const event = eventId === undefined ? undefined : (eventName(eventId) ?? `#${eventId}`);
  const count = chosen?.length;
  const phrases = [
    step !== undefined && t`Step: ${stepText}`,
    audience.past_deadline === true && t`Past the challenge deadline`,
    audience.past_deadline === false && t`Not past the challenge deadline`,
    event !== undefined && t`Hackathon event: ${event}`,
    count !== undefined && t`Chosen people: ${count}`,
  ].filter((phrase): phrase is string => typeof phrase === 'string');
  return (
    <ul className="audience-list">
      {phrases.map((phrase) => (
        <li key={phrase}>{phrase}</li>
      ))}
    </ul>
  );
}
