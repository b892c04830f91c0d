// How an operational hook refuses a request (414, 429) in the caller's negotiated format. The
// writer is the REST transport's, handed in by buildApp: ops sits beside the transports, below
// none of them, so it names the shape of the writer and never imports rest/.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldError } from '../services/errors.js';

export type SendErrors = (req: FastifyRequest, reply: FastifyReply, status: number, errors: FieldError[],
  headers?: Record<string, string>) => FastifyReply;
