import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { UNDO_WINDOW_MS } from '../../contract/constants';
import { errorMessage } from '../lib/api-client';
import { useLatest } from '../lib/latest';
import { CloseIcon } from './icons';

/** A change just made that can be taken back for a few seconds (decision 0119). */
export type UndoOffer = {
  /** What was done, as a sentence: "The application of @jdoe is approved." */
  done: string;
  /** Takes it back. */
  undo: () => Promise<unknown>;
  /** What is said once taken back: "The approval of @jdoe's application is undone." */
  undone: string;
};

type UndoApi = {
  /** Offers the Undo of a change; a newer offer replaces the one on screen. */
  offer(offer: UndoOffer): void;
  /** Takes back the change on offer, if there is one (a keyboard shortcut's way to the button). */
  undoLatest(): void;
};

/** Shorter than the server's window, so an Undo pressed at the last moment still arrives in time. */
const OFFERED_MS = UNDO_WINDOW_MS - 2_000;

const NOT_UNDONE = msg`The change could not be undone.`;

const UndoContext = createContext<UndoApi | null>(null);

/** Where the Undo of a change is offered: a polite toast at the foot of the admin panel. */
export function UndoProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<UndoOffer | null>(null);
  const [outcome, setOutcome] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const latest = useLatest(current);

  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(() => setCurrent((shown) => (shown === current ? null : shown)), OFFERED_MS);
    return () => window.clearTimeout(timer);
  }, [current]);

  const undo = useCallback(async (offer: UndoOffer) => {
    setBusy(true);
    try {
      await offer.undo();
      setOutcome({ text: offer.undone, failed: false });
    } catch (error) {
      setOutcome({ text: errorMessage(error, i18n._(NOT_UNDONE)), failed: true });
    } finally {
      setBusy(false);
      setCurrent((shown) => (shown === offer ? null : shown));
    }
  }, []);

  const api = useMemo<UndoApi>(
    () => ({
      offer(offer) {
        setOutcome(null);
        setCurrent(offer);
      },
      undoLatest() {
        if (latest.current) void undo(latest.current);
      },
    }),
    [undo, latest],
  );

  return (
    <UndoContext.Provider value={api}>
      {children}
      <div className="undo-toasts">
        <div role="status" aria-live="polite">
          {current && (
            <div className="undo-toast">
              <span>{current.done}</span>
              <button
                type="button"
                className="btn btn-small btn-secondary"
                disabled={busy}
                onClick={() => void undo(current)}
              >
                <Trans>Undo</Trans>
              </button>
            </div>
          )}
          {outcome && !outcome.failed && (
            <div className="undo-toast">
              <span>{outcome.text}</span>
              <DismissButton onClick={() => setOutcome(null)} />
            </div>
          )}
        </div>
        <div role="alert">
          {outcome?.failed && (
            <div className="undo-toast undo-toast-failed">
              <span>{outcome.text}</span>
              <DismissButton onClick={() => setOutcome(null)} />
            </div>
          )}
        </div>
      </div>
    </UndoContext.Provider>
  );
}

function DismissButton({ onClick }: { onClick: () => void }) {
  const { t } = useLingui();
  return (
    <button type="button" className="btn btn-small btn-ghost" aria-label={t`Dismiss`} onClick={onClick}>
      <CloseIcon />
    </button>
  );
}

/** The admin panel's Undo toast; outside an UndoProvider nothing is offered. */
export function useUndo(): UndoApi {
  return useContext(UndoContext) ?? NO_UNDO;
}

const NO_UNDO: UndoApi = { offer: () => undefined, undoLatest: () => undefined };
