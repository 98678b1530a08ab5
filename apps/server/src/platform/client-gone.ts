import type { FastifyReply } from 'fastify';

/**
 * A signal that fires when the client goes away before its answer is complete (the connection closed, the request
 * aborted), so work done only for that answer (a long query) can stop. The response's 'close' also follows a
 * complete answer: `writableFinished` tells the two apart.
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort(new Error('the client went away'));
  });
  return controller.signal;
}
