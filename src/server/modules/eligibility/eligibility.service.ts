import { campusList, isEligible, NOT_ELIGIBLE_TEMPLATE, type AllowedCampus } from '../../../contract/eligibility';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { forbidden } from '../../errors';
import { campusNames } from '../users';

/**
 * Who may apply: the campuses of ALLOWED_CAMPUSES (decision 0105). The rule and the sentence are
 * the contract's, so the tracker shows before any attempt exactly what this refusal says.
 */
export function createEligibilityService(deps: Pick<Deps, 'config' | 'db'>) {
  const allowed = deps.config.allowedCampuses;
  const ids = allowed.flatMap((entry) => (entry.id === null ? [] : [entry.id]));

  /** The allowed campuses as people read them: a campus given by id takes the intra's name once a user brought it. */
  async function allowedCampuses(): Promise<AllowedCampus[]> {
    if (ids.length === 0) return allowed;
    const names = await campusNames(deps.db, ids);
    return allowed.map((entry) =>
      entry.id !== null && names.has(entry.id) ? { ...entry, name: names.get(entry.id)! } : entry,
    );
  }

  return {
    allowedCampuses,

    /** Throws 403 NOT_ELIGIBLE, naming the campuses that may apply, unless this user's campus is one. */
    async assertMayApply(user: UserRow): Promise<void> {
      if (isEligible(allowed, user)) return;
      const named = await allowedCampuses();
      // The list is written in the answer's language, when the error handler tells the sentence.
      throw forbidden(
        { sentence: NOT_ELIGIBLE_TEMPLATE, values: { campuses: () => campusList(named) } },
        'NOT_ELIGIBLE',
      );
    },
  };
}
