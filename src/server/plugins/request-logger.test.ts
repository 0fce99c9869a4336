import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { lazyChildLogger } from './request-logger';

const lines = () => {
  const written: Record<string, unknown>[] = [];
  // The app's logger as Fastify makes it (pino), writing to an array.
  const { log: logger } = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => written.push(JSON.parse(line)) } },
  });
  return { logger, written };
};

describe("a request's logger", () => {
  it("makes the app logger's child only at the first line, which carries the request's bindings", () => {
    const { logger, written } = lines();
    const child = vi.spyOn(logger, 'child');
    const log = lazyChildLogger.call(undefined as never, logger, { reqId: 'r-1' }, {}, undefined as never);
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('info');
    log.info('quiet');
    log.error({ err: new Error('boom') }, 'request failed');
    log.debug('below the level');
    expect(child).toHaveBeenCalledTimes(1);
    expect(written).toMatchObject([
      { reqId: 'r-1', msg: 'quiet', level: 30 },
      { reqId: 'r-1', msg: 'request failed', level: 50, err: { message: 'boom' } },
    ]);
  });

  it("keeps a route's own level and the children made from it", () => {
    const { logger, written } = lines();
    const log = lazyChildLogger.call(
      undefined as never,
      logger,
      { reqId: 'r-2' },
      { level: 'debug' },
      undefined as never,
    );
    expect(log.level).toBe('debug');
    log.debug('shown');
    log.child({ step: 'token' }).warn('nested');
    expect(written).toMatchObject([
      { reqId: 'r-2', msg: 'shown', level: 20 },
      { reqId: 'r-2', step: 'token', msg: 'nested', level: 40 },
    ]);
  });
});
