import { listed, say, type Sentence } from './i18n';

// Who may apply (ALLOWED_CAMPUSES, decision 0105). Kept apart from the zod schemas: the server
// refuses with this rule and this sentence, and the tracker shows the same before anyone tries.

/** A campus that may apply, as the configuration names it and as people read it. */
export type AllowedCampus = {
  /** Named by its intra id: matched on the user's campus id. Null: matched on the name. */
  id: number | null;
  /** What to call it: the name as configured, or for an id the intra's name once known. */
  name: string;
};

/** One whole sentence with one placeholder, so that it can be translated as a whole. */
export const NOT_ELIGIBLE_TEMPLATE: Sentence =
  /*i18n*/ 'Applications are open to students of these campuses: {campuses}.';

/** A campus configured by id whose name nobody here has seen yet. */
export const UNNAMED_CAMPUS_TEMPLATE = 'campus {id}';

export function unnamedCampus(id: number): string {
  return UNNAMED_CAMPUS_TEMPLATE.replace('{id}', String(id));
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a user of this campus may apply; an empty list lets everyone apply. */
export function isEligible(
  allowed: readonly AllowedCampus[],
  user: { campus: string | null; campus_id: number | null },
): boolean {
  return (
    allowed.length === 0 ||
    allowed.some((entry) =>
      entry.id !== null ? entry.id === user.campus_id : user.campus !== null && sameName(entry.name, user.campus),
    )
  );
}

/** The campuses that may apply, listed in the language Lingui speaks now. */
export function campusList(allowed: readonly AllowedCampus[]): string {
  return listed(allowed.map((entry) => entry.name));
}

/** The refusal's sentence, naming every campus that may apply, in the language Lingui speaks now. */
export function notEligibleMessage(allowed: readonly AllowedCampus[]): string {
  return say(NOT_ELIGIBLE_TEMPLATE, { campuses: campusList(allowed) });
}
