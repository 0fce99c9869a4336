import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Router, UNSAFE_createBrowserHistory } from 'react-router';
import { useLatest } from './latest';
import { createGuardedHistory, type Blocker, type BlockerFunction, type GuardedHistory } from './guarded-history';

const HistoryContext = createContext<GuardedHistory | null>(null);

/**
 * React Router's BrowserRouter on a history that can hold a navigation (useBlocker below). A
 * change of address renders in a transition: the page on screen stays until the next one's
 * code has loaded, as it did with the data router's lazy routes.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createGuardedHistory(UNSAFE_createBrowserHistory({ v5Compat: true })));
  const [state, setState] = useState({ action: history.action, location: history.location });
  useLayoutEffect(() => history.listen((update) => startTransition(() => setState(update))), [history]);
  return (
    <HistoryContext value={history}>
      <Router location={state.location} navigationType={state.action} navigator={history}>
        {children}
      </Router>
    </HistoryContext>
  );
}

/**
 * Holds the navigations `shouldBlock` refuses, in the app and by Back or Forward, until
 * proceed() or reset(): React Router's useBlocker, which only its data router offers.
 */
export function useBlocker(shouldBlock: BlockerFunction): Blocker {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useBlocker needs the BrowserRouter of lib/browser-router.tsx.');
  const latest = useLatest(shouldBlock);
  useEffect(() => history.block((args) => latest.current(args)), [history, latest]);
  return useSyncExternalStore(history.subscribe, history.blocker);
}
