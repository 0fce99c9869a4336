import { useEffect } from 'react';
import { logBackendHealth } from './api';

/**
 * Renders nothing: checks the backend's health once and only logs what it finds
 * (docs/product/screens.md#debug-panel-and-not-found-page).
 */
export function DebugPanel() {
  useEffect(logBackendHealth, []);
  return null;
}
