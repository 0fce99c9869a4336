import { useLayoutEffect, useRef } from 'react';

/**
 * A ref to the value of the last render, for a listener or timer set up once that must call the
 * newest handler. Set in a layout effect, before the browser paints: Preact runs a plain effect
 * after the paint, so a key pressed or a link clicked just after a render would otherwise reach
 * the handler of the render before (docs/decisions/0129-preact-compat.md).
 */
export function useLatest<T>(value: T) {
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  });
  return latest;
}
