/**
 * What a memo of users and their sessions must hear (decisions 0103, 0104): it may serve what it
 * keeps only while `trusted()` says so, and forgets what it is told has changed.
 */
export type UserChanges = {
  /** A users row, or a session of that user, was updated or deleted. */
  userChanged(userId: number): void;
  /** Anything may have changed, or nobody was listening: forget everything. */
  allChanged(): void;
};

export type UserChangeWatch = {
  /** Whether what the memo keeps may be served now (every change made so far has been told). */
  trusted(): boolean;
  close(): Promise<void>;
};

export type Log = { warn(details: object, message: string): void; info(message: string): void };

/**
 * SQLite: a change stamp (database.ts) that moves on any write of this connection and any commit
 * of another. When it has moved, everything may have changed.
 */
export function watchChangeStamp(changeStamp: () => string, changes: UserChanges): UserChangeWatch {
  let seen = changeStamp();
  return {
    trusted() {
      const stamp = changeStamp();
      if (stamp !== seen) {
        seen = stamp;
        changes.allChanged();
      }
      return true;
    },
    close: async () => {},
  };
}
