import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { JourneyStep } from '../../../contract/applications';
import { CheckIcon } from '../../components/icons';

/** The five steps, as descriptors read with `t(item.title)` at render (the admin pages name the steps with them too). */
export const JOURNEY = [
  { step: 0, title: msg`Application`, detail: msg`Tell us about you` },
  { step: 1, title: msg`4 Challenges`, detail: msg`4 weeks` },
  { step: 2, title: msg`Hackathon`, detail: msg`24h project` },
  { step: 3, title: msg`Board Approval`, detail: msg`Final review` },
  { step: 4, title: msg`Complete`, detail: msg`Welcome aboard` },
] as const;

/** The five-step bar of docs/product/screens.md#application-tracker; the current step is announced to screen readers. */
export function ProgressBar({ step }: { step: Exclude<JourneyStep, -1 | -2> }) {
  const { t } = useLingui();
  const current = JOURNEY[step];
  const number = current.step + 1;
  const total = JOURNEY.length;
  const title = t(current.title);
  return (
    <nav aria-label={t`Application progress`} className="journey">
      <ol>
        {JOURNEY.map((item) => {
          const state = item.step < step || step === 4 ? 'done' : item.step === step ? 'current' : 'todo';
          return (
            <li
              key={item.step}
              className={`journey-step ${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              {/* The line from the step before: an element, not a ::before, so that contrast checkers can
                  see what lies behind the labels (docs/decisions/0124-pa11y-in-npm-test.md). */}
              {item.step > 0 && <span className="journey-line" aria-hidden="true" />}
              <span className="journey-dot" aria-hidden="true">
                {state === 'done' ? <CheckIcon /> : item.step + 1}
              </span>
              <span className="journey-title">{t(item.title)}</span>
              <span className="journey-detail">{t(item.detail)}</span>
              <span className="visually-hidden">
                {' '}
                {state === 'done' ? t`(done)` : state === 'current' ? t`(current step)` : ''}
              </span>
            </li>
          );
        })}
      </ol>
      {/* On a phone the bar has no room for five labels: the current one is said below it (the list still names each step to screen readers). */}
      <p className="journey-caption" aria-hidden="true">
        <Trans>
          Step {number} of {total}: {title}
        </Trans>
      </p>
    </nav>
  );
}
