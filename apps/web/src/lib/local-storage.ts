/** Anything that validates like a Zod schema's safeParse. */
export interface StoredSchema<T> {
  safeParse(value: unknown): { success: boolean; data?: T };
}

/** The stored value if it is valid JSON matching `schema`; a corrupt value is removed, and null returned. */
export function readStored<T>(key: string, schema: StoredSchema<T>): T | null {
  const storage = getStorage();
  if (!storage) return null;
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const result = schema.safeParse(JSON.parse(raw));
    if (result.success && result.data !== undefined) return result.data;
  } catch {
    // Not JSON: treated like a value that fails the schema.
  }
  // A corrupt value would fail again on every read, so it goes.
  removeStored(key);
  return null;
}

/** Stores `value` as JSON; false when storage is unavailable or full. */
export function writeStored(key: string, value: unknown): boolean {
  const storage = getStorage();
  if (!storage) return false;
  try {
    storage.setItem(key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

/** Removes every stored value whose key starts with the prefix (e.g. a signed-out user's drafts). */
export function removeStoredWithPrefix(prefix: string): void {
  try {
    const storage = getStorage();
    if (!storage) return;
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
      (key): key is string => key !== null && key.startsWith(prefix),
    );
    for (const key of keys) storage.removeItem(key);
  } catch {
    // Nothing to clean up where there is no storage.
  }
}

/** Removes the stored value, if any. */
export function removeStored(key: string): void {
  try {
    getStorage()?.removeItem(key);
  } catch {
    // Nothing to clean up where there is no storage.
  }
}

// Reading window.localStorage itself throws when the browser blocks storage (e.g. some private modes).
function getStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
