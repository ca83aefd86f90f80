/**
 * A form's answers kept in the browser tab (sessionStorage) as the visitor types, so
 * that a reload, a closed dialog or a failed send loses nothing. The tab's storage
 * only: it goes with the tab, is never sent, and another tab starts clean.
 * Browser-safe; any storage failure (private mode, storage turned off, full) quietly
 * means "nothing kept", never an error on the page.
 */
export interface DraftStore<T> {
  load(): T | undefined;
  save(value: T): void;
  clear(): void;
}

function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === "undefined" ? undefined : sessionStorage;
  } catch {
    return undefined; // access itself can throw (a SecurityError) when storage is blocked
  }
}

/**
 * The draft under `key`. `accept` checks what is read back (it may come from an older
 * version of the page) and gives the value, or undefined to ignore it.
 */
export function sessionDraft<T>(key: string, accept: (value: unknown) => T | undefined, storage: () => Storage | undefined = tabStorage): DraftStore<T> {
  return {
    load() {
      try {
        const text = storage()?.getItem(key);
        return text ? accept(JSON.parse(text)) : undefined;
      } catch {
        return undefined;
      }
    },
    save(value) {
      try {
        storage()?.setItem(key, JSON.stringify(value));
      } catch {
        // Full or refused: the answers stay in the page, just not across a reload.
      }
    },
    clear() {
      try {
        storage()?.removeItem(key);
      } catch {
        // nothing kept, nothing to clear
      }
    },
  };
}
