import { headers, type MsgHdrs } from 'nats';
import { currentRequestId, NATS_REQUEST_ID_HEADER, requestIdFrom, runWithRequestContext } from './request-context';

/*
 * The request id beyond the process: a NATS message or a queue job made while working for a request
 * carries the request's id, and whoever handles it works (and logs) for that same request.
 */

/** The headers of a NATS message sent now: the current request's id, or none outside a request. */
export function requestIdHeaders(): MsgHdrs | undefined {
  const requestId = currentRequestId();
  if (requestId === undefined) return undefined;
  const carried = headers();
  carried.set(NATS_REQUEST_ID_HEADER, requestId);
  return carried;
}

/** The request a received NATS message is part of: the id it carries when sensible, else a new one. */
export function requestIdOf(message: { headers?: MsgHdrs }): string {
  return requestIdFrom(message.headers?.get(NATS_REQUEST_ID_HEADER));
}

/** What a queue job's data carries besides its own fields: the request that added it. */
export interface RequestIdOfJob {
  requestId?: string;
}

/**
 * A queue job's processor (or a listener of its events) that works for the request that added the
 * job: its `requestId`, or a new id for a job that names none. The job is the first argument; a
 * listener may be given none.
 */
export function workingForJobRequest<J extends { data: RequestIdOfJob } | undefined, A extends unknown[], R>(
  work: (job: J, ...rest: A) => R,
): (job: J, ...rest: A) => R {
  return (job, ...rest) => runWithRequestContext({ requestId: requestIdFrom(job?.data.requestId) }, () => work(job, ...rest));
}
