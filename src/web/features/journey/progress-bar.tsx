import type { JourneyStep } from '../../../contract/applications';
import { CheckIcon } from '../../components/icons';

export const JOURNEY = [
  { step: 0, title: 'Application', detail: 'Tell us about you' },
  { step: 1, title: '4 Challenges', detail: '4 weeks' },
  { step: 2, title: 'Hackathon', detail: '24h project' },
  { step: 3, title: 'Board Approval', detail: 'Final review' },
  { step: 4, title: 'Complete', detail: 'Welcome aboard' },
] as const;

/** The five-step bar of docs/product.md#application-tracker; the current step is announced to screen readers. */
export function ProgressBar({ step }: { step: Exclude<JourneyStep, -1> }) {
  const current = JOURNEY[step];
  return (
    <nav aria-label="Application progress" className="journey">
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
              <span className="journey-title">{item.title}</span>
              <span className="journey-detail">{item.detail}</span>
              <span className="visually-hidden">
                {state === 'done' ? ' (done)' : state === 'current' ? ' (current step)' : ''}
              </span>
            </li>
          );
        })}
      </ol>
      {/* On a phone the bar has no room for five labels: the current one is said below it (the list still names each step to screen readers). */}
      <p className="journey-caption" aria-hidden="true">
        {`Step ${current.step + 1} of ${JOURNEY.length}: ${current.title}`}
      </p>
    </nav>
  );
}
