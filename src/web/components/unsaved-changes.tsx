import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useBlocker } from '../lib/browser-router';
import { Modal } from './modal';

/**
 * Keeps a form's unsaved changes from being lost without a word: leaving for another page of the
 * app asks first, and closing or reloading the tab gets the browser's own warning.
 */
export function UnsavedChangesGuard({ dirty, what }: { dirty: boolean; what: string }) {
  const { t } = useLingui();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      title={t`Leave without saving?`}
      onClose={() => blocker.reset()}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={() => blocker.reset()}>
            <Trans>Stay on this page</Trans>
          </button>
          <button type="button" className="btn btn-danger" onClick={() => blocker.proceed()}>
            <Trans>Leave without saving</Trans>
          </button>
        </>
      }
    >
      <p>{what}</p>
    </Modal>
  );
}
