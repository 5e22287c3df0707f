// @vitest-environment happy-dom

import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type LoadedResult, useLoaded } from './use-loaded';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}

/** A read the test answers by hand, in any order. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (cause: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let root: Root;
let host: HTMLElement;
let shown: LoadedResult<string>;

/** What a page shows for the read of `page`, as the components do. */
function Page({ page, read, quietly }: { page: number; read: (page: number) => Promise<string>; quietly?: boolean }) {
  shown = useLoaded(() => read(page), [page], { failure: 'Could not load the page', quietly });
  if (shown.state === 'loading') return <p role="status">Loading</p>;
  if (shown.state === 'failed') return <p role="alert">{(shown.error as Error).message}</p>;
  return <p>{shown.data}</p>;
}

async function render(element: React.ReactElement) {
  await act(async () => root.render(element));
}

const text = () => host.textContent;

/** Reads of pages 1 and 2, each answered by hand. */
function twoPages() {
  const reads = new Map([1, 2].map((page) => [page, deferred<string>()]));
  const read = (page: number) => reads.get(page)?.promise ?? Promise.reject(new Error('no page'));
  return { reads, read };
}

beforeEach(() => {
  globalThis.IS_REACT_ACT_ENVIRONMENT = true;
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.restoreAllMocks();
});

describe('useLoaded', () => {
  it('shows loading, then the answer', async () => {
    const first = deferred<string>();
    await render(<Page page={1} read={() => first.promise} />);
    expect(host.querySelector('[role="status"]')?.textContent).toBe('Loading');
    await act(async () => first.resolve('Page 1'));
    expect(text()).toBe('Page 1');
    expect(shown.data).toBe('Page 1');
  });

  it('drops an older answer that arrives after a newer one', async () => {
    const { reads, read } = twoPages();
    await render(<Page page={1} read={read} />);
    await render(<Page page={2} read={read} />);
    await act(async () => reads.get(2)?.resolve('Page 2'));
    expect(text()).toBe('Page 2');
    await act(async () => reads.get(1)?.resolve('Page 1'));
    expect(text()).toBe('Page 2');
  });

  it('drops an older failure that arrives after a newer answer, and does not log it', async () => {
    const { reads, read } = twoPages();
    await render(<Page page={1} read={read} />);
    await render(<Page page={2} read={read} />);
    await act(async () => reads.get(2)?.resolve('Page 2'));
    await act(async () => reads.get(1)?.reject(new Error('Server down')));
    expect(text()).toBe('Page 2');
    expect(console.error).not.toHaveBeenCalled();
  });

  it('shows a failure with its error, logged with the failure text, and reads again on reload', async () => {
    const read = vi.fn<(page: number) => Promise<string>>().mockRejectedValueOnce(new Error('Server down'));
    await render(<Page page={1} read={read} />);
    expect(host.querySelector('[role="alert"]')?.textContent).toBe('Server down');
    expect(shown.state).toBe('failed');
    expect(console.error).toHaveBeenCalledWith('Could not load the page', expect.any(Error));

    const again = deferred<string>();
    read.mockReturnValueOnce(again.promise);
    await act(async () => void shown.reload());
    expect(text()).toBe('Loading');
    await act(async () => again.resolve('Page 1'));
    expect(text()).toBe('Page 1');
  });

  it('reloads quietly: what shows stays until the new answer', async () => {
    const read = vi.fn<(page: number) => Promise<string>>().mockResolvedValueOnce('Old');
    await render(<Page page={1} read={read} />);
    const fresh = deferred<string>();
    read.mockReturnValueOnce(fresh.promise);
    await act(async () => void shown.reload({ quietly: true }));
    expect(text()).toBe('Old');
    await act(async () => fresh.resolve('New'));
    expect(text()).toBe('New');
  });

  it('keeps what shows on a change of deps when asked to, then swaps the new answer in', async () => {
    const { reads, read } = twoPages();
    await render(<Page page={1} read={read} quietly />);
    expect(text()).toBe('Loading');
    await act(async () => reads.get(1)?.resolve('Page 1'));
    await render(<Page page={2} read={read} quietly />);
    expect(text()).toBe('Page 1');
    await act(async () => reads.get(2)?.resolve('Page 2'));
    expect(text()).toBe('Page 2');
  });

  it('set shows data at once, and a read under way does not put back what it replaced', async () => {
    const slow = deferred<string>();
    const read = vi.fn<(page: number) => Promise<string>>().mockResolvedValueOnce('Old');
    await render(<Page page={1} read={read} />);
    read.mockReturnValueOnce(slow.promise);
    await act(async () => void shown.reload({ quietly: true }));
    await act(async () => shown.set('Changed'));
    expect(text()).toBe('Changed');
    await act(async () => slow.resolve('Before the change'));
    expect(text()).toBe('Changed');
  });

  it('update changes what shows once ready, and nothing before', async () => {
    const first = deferred<string>();
    await render(<Page page={1} read={() => first.promise} />);
    await act(async () => shown.update((data) => `${data}!`));
    expect(text()).toBe('Loading');
    await act(async () => first.resolve('Page 1'));
    await act(async () => shown.update((data) => `${data}, changed`));
    expect(text()).toBe('Page 1, changed');
  });

  it('lands nothing after the component is gone', async () => {
    const late = deferred<string>();
    await render(<Page page={1} read={() => late.promise} />);
    await act(async () => root.unmount());
    await act(async () => late.reject(new Error('Server down')));
    expect(console.error).not.toHaveBeenCalled();
    root = createRoot(host); // afterEach unmounts again
  });
});
