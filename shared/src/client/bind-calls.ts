import type { Call, CallBody, CallData, CallMap, CallQuery } from '../contract/call';
import type { HttpClient } from './http-client';

/** What a bound call takes: its query when it has one, else its body; optional when every field is. */
type InputOf<C> = CallQuery<C> extends undefined ? CallBody<C> : CallQuery<C>;
type Args<I> = [I] extends [undefined] ? [] : object extends I ? [input?: I] : [input: I];
type UploadField<C> = C extends Call<infer _Q, infer _B, infer _R, infer _A, infer U> ? U : undefined;

/** One bound call: `(input)`, or `(file, query)` for an upload (sent as multipart under the call's field). */
export type BoundCall<C extends Call> = (
  ...args: UploadField<C> extends string ? [file: Blob, ...Args<CallQuery<C>>] : Args<InputOf<C>>
) => Promise<CallData<C>>;

export type BoundCalls<M extends CallMap> = { readonly [K in keyof M]: BoundCall<M[K]> };

/**
 * A contract's call map as functions: `bindCalls(http, listingCalls).detail({ listingRefnum })`.
 * The input goes to the query when the call declares one, else to the body.
 */
export function bindCalls<M extends CallMap>(http: HttpClient, calls: M): BoundCalls<M> {
  const bound = Object.entries(calls).map(([name, call]) => [name, bindCall(http, call)] as const);
  return Object.fromEntries(bound) as unknown as BoundCalls<M>;
}

function bindCall(http: HttpClient, call: Call) {
  const { upload } = call;
  if (upload) {
    return (file: Blob, query?: unknown) => {
      const body = new FormData();
      body.append(upload, file);
      return http.call(call, { query, body } as never);
    };
  }
  return (input?: unknown) => http.call(call, (call.query ? { query: input } : { body: input }) as never);
}
