import type { Account } from "@ct/contract";
import { describe, expect, it, vi } from "vitest";
import { createAccountStore } from "./store";

const ada: Account = { username: "ada", email: null, created_at: "2026-11-28T10:00:00.000Z" };

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("the account store", () => {
  it("is unknown until its first reader, then asks the server once", async () => {
    const read = vi.fn(async () => ada);
    const store = createAccountStore(read);
    expect(store.get()).toEqual({ status: "unknown" });
    expect(read).not.toHaveBeenCalled();
    const listener = vi.fn();
    store.subscribe(listener);
    store.subscribe(() => undefined);
    await vi.waitFor(() => expect(store.get()).toEqual({ status: "signed-in", account: ada }));
    expect(read).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("keeps one state object until something changes", async () => {
    const store = createAccountStore(async () => ada);
    store.subscribe(() => undefined);
    await vi.waitFor(() => expect(store.get().status).toBe("signed-in"));
    const first = store.get();
    await store.refresh();
    expect(store.get()).toBe(first);
  });

  it("reads a server it cannot reach as signed out, and keeps a known state over a failed refresh", async () => {
    let fail = true;
    const store = createAccountStore(async () => {
      if (fail) throw new TypeError("Failed to fetch");
      return ada;
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    expect(await store.refresh()).toEqual({ status: "signed-out" });
    fail = false;
    await store.refresh();
    fail = true;
    expect(await store.refresh()).toEqual({ status: "signed-in", account: ada });
    warn.mockRestore();
  });

  it("follows this page's sign-in and sign-out, and tells the other tabs", () => {
    const posted: unknown[] = [];
    const store = createAccountStore(async () => null, {
      post: (m) => posted.push(m),
      listen: () => undefined,
    });
    const listener = vi.fn();
    store.subscribe(listener);
    store.signedIn(ada);
    expect(store.get()).toEqual({ status: "signed-in", account: ada });
    store.signedOut();
    expect(store.get()).toEqual({ status: "signed-out" });
    expect(posted).toHaveLength(2);
  });

  it("an older answer arriving after a sign-in changes nothing", async () => {
    const slow = deferred<Account | null>();
    const store = createAccountStore(() => slow.promise);
    store.subscribe(() => undefined);
    store.signedIn(ada);
    slow.resolve(null);
    await slow.promise;
    await Promise.resolve();
    expect(store.get()).toEqual({ status: "signed-in", account: ada });
  });

  it("asks again when another tab says the account changed", async () => {
    let onMessage: () => void = () => undefined;
    let answer: Account | null = ada;
    const store = createAccountStore(async () => answer, {
      post: () => undefined,
      listen: (listener) => {
        onMessage = listener;
      },
    });
    await store.refresh();
    answer = null;
    onMessage();
    await vi.waitFor(() => expect(store.get()).toEqual({ status: "signed-out" }));
  });
});
