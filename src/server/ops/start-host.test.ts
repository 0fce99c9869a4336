import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { runsOnEngine } from '#test/server/required-service';
import { startServer, type ServerProcess } from '#test/server/server-process';

/** This machine's own addresses that other machines could reach (not loopback). */
function networkAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((entry) => entry && !entry.internal && entry.family === 'IPv4')
    .map((entry) => entry!.address);
}

function connects(address: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: address, port });
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

const WARNING = 'anyone who reaches this server can sign in as any login, admin included';

describe('HOST while the local stand-in signs people in (config)', () => {
  it('listens on loopback by default with the stand-in, and on every address with real credentials', () => {
    expect(loadConfig({})).toMatchObject({ host: 'localhost', standInExposed: false });
    expect(loadConfig({ HOST: '  ' })).toMatchObject({ host: 'localhost', standInExposed: false });
    expect(loadConfig({ FT_CLIENT_ID: 'id', FT_CLIENT_SECRET: 'secret' })).toMatchObject({
      host: '0.0.0.0',
      standInExposed: false,
    });
  });

  it('calls the stand-in exposed only when HOST names an address beyond this machine', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1']) {
      expect(loadConfig({ HOST: host }).standInExposed, host).toBe(false);
    }
    for (const host of ['0.0.0.0', '::', '192.0.2.10', 'club.example.org']) {
      expect(loadConfig({ HOST: host }).standInExposed, host).toBe(true);
    }
    expect(loadConfig({ HOST: '0.0.0.0', FT_CLIENT_ID: 'id', FT_CLIENT_SECRET: 'secret' }).standInExposed).toBe(false);
  });
});

describe.runIf(runsOnEngine('sqlite', 'The start suite'))('the server started with the stand-in', () => {
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('listens on loopback only when HOST is not set, and says so without a warning', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-'));
    // An empty HOST is as good as none: startServer would otherwise pass 127.0.0.1.
    server = await startServer({ DATA_DIR: dataDir, HOST: '' });
    expect((await fetch(`${server.baseUrl}/api/health`)).status).toBe(200);
    await expect.poll(() => server!.output()).toContain('(this machine only: HOST opens it to others)');
    expect(server.output()).toContain(`listening on 127.0.0.1:${server.port}`);
    expect(server.output()).not.toContain('0.0.0.0');
    expect(server.output()).not.toContain(WARNING);
    for (const address of networkAddresses()) {
      expect(await connects(address, server.port), `${address} reached`).toBe(false);
    }
  });

  it('listens where an explicit HOST says, and warns that anyone who reaches it can sign in as an admin', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-'));
    server = await startServer({ DATA_DIR: dataDir, HOST: '0.0.0.0' });
    await expect.poll(() => server!.output()).toContain(WARNING);
    expect(server.output()).toContain('WARNING: HOST=0.0.0.0 opens the local 42 stand-in to the network');
    expect(server.output()).toContain(`listening on 0.0.0.0:${server.port}`);
    for (const address of networkAddresses()) {
      expect(await connects(address, server.port), `${address} not reached`).toBe(true);
    }
  });
});
