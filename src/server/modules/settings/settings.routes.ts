import { publicSettingsSchema, settingsResponseSchema, settingsUpdateSchema } from '../../../contract/settings';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin } from '../../plugins/session';
import { recordAudit } from '../audit/audit.repository';
import { readSettings, writeSetting } from './settings.repository';

export function registerSettingsRoutes(app: App, deps: Deps): void {
  // The club's public content (contact, board, sponsors): read by the public pages, no sign-in.
  app.get('/api/settings/public', { schema: { response: { 200: publicSettingsSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return readSettings(deps.db);
  });

  app.get(
    '/api/admin/settings',
    { onRequest: requireAdmin, schema: { response: { 200: settingsResponseSchema } } },
    async () => ({
      settings: await readSettings(deps.db),
    }),
  );

  /** Writes the keys sent, in one transaction, with one audit entry of what changed. */
  app.put(
    '/api/admin/settings',
    { onRequest: requireAdmin, schema: { body: settingsUpdateSchema, response: { 200: settingsResponseSchema } } },
    async (request) => {
      const now = deps.clock.now();
      const changes = request.body.settings;
      const settings = await deps.db.transaction().execute(async (trx) => {
        const before = await readSettings(trx);
        const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(changes[key]),
        );
        for (const key of changed) await writeSetting(trx, key, changes[key]!, now);
        if (changed.length) {
          await recordAudit(trx, {
            action: 'settings.updated',
            entity_type: 'settings',
            entity_id: null,
            actor: currentUser(request),
            details: {
              before: Object.fromEntries(changed.map((key) => [key, before[key]])),
              after: Object.fromEntries(changed.map((key) => [key, changes[key]])),
            },
            at: now,
          });
        }
        return readSettings(trx);
      });
      return { settings };
    },
  );
}
