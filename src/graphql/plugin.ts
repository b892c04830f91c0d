// Mounts Apollo Server on /graphql (POST and GET) with the shared context factory.
import { ApolloServer } from '@apollo/server';
import { fastifyApolloDrainPlugin, fastifyApolloHandler } from '@as-integrations/fastify';
import { GraphQLError } from 'graphql';
import type { FastifyInstance } from 'fastify';
import { ANONYMOUS } from '../auth/principal.js';
import { buildSchema } from './schema.js';
import { graphqlContext, type GraphQLContext } from './context.js';

export async function registerGraphql(app: FastifyInstance): Promise<void> {
  const { container } = app;
  const schema = buildSchema(container.registry, container.config.baseUrl);
  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    plugins: [fastifyApolloDrainPlugin(app)],
    introspection: true,
    includeStacktraceInErrorResponses: false,
    hideSchemaDetailsFromClientErrors: process.env.NODE_ENV === 'production',
  });
  await apollo.start();
  const handler = fastifyApolloHandler(apollo, {
    context: async (req) => {
      const auth = req.headers.authorization;
      let principal = ANONYMOUS;
      if (auth) {
        const p = /^Bearer\s/i.test(auth) ? container.tokens.principalFromHeader(auth) : null;
        if (!p) {
          throw new GraphQLError('The bearer token is invalid or expired.', {
            extensions: { code: 'UNAUTHENTICATED', http: { status: 401, headers: new Map([['www-authenticate', 'Bearer error="invalid_token"']]) } },
          });
        }
        principal = p;
      }
      return graphqlContext(container.context(principal, req.id));
    },
  });
  app.route({ method: ['GET', 'POST', 'OPTIONS'], url: '/graphql', handler });
}
