// Downloadable files over GraphQL: stageDownloadableUpload hands out a one-time URL (the bytes go
// there by PUT, src/rest/staged-upload-routes.ts), and the downloadable mutations take the staged
// upload's id. These replace the generic create/update/replace of Downloadable so the write goes
// through the same service as the REST multipart upload (src/services/file-uploads.ts).
import type { Registry } from '../model/types.js';
import { gqlNames } from '../model/names.js';
import type { Values } from '../data/codec.js';
import { STAGED, type StagedReference } from '../resources/downloadable.js';
import { createDownloadableWithFile, updateDownloadableWithFile } from '../services/file-uploads.js';
import { getRow } from '../services/resource-service.js';
import { STAGED_FIELD, stageUpload } from '../services/staged-uploads.js';
import type { GraphQLContext } from './context.js';
import { userErrorsOf, type UserError } from './errors.js';
import { idOf, parentOf, restInput } from './mutation-resolvers.js';
import type { DownloadableInput, MutationResolvers } from './__generated__/resolvers-types.js';

/** Field names the services report that are not properties of the resource. */
const GQL_FIELDS: Record<string, string> = {
  [STAGED_FIELD]: 'stagedUploadId', file_name: 'fileName', content_type: 'contentType',
};

function renamed(errors: UserError[]): UserError[] {
  return errors.map((e) => (e.field && e.field in GQL_FIELDS ? { ...e, field: GQL_FIELDS[e.field] } : e));
}

interface DownloadableArgs {
  id?: string;
  input: DownloadableInput;
}

/** The REST-named input and, when one is named, the staged upload reference validation fills in. */
function splitInput(registry: Registry, args: DownloadableArgs): { input: Record<string | symbol, unknown>; ref?: StagedReference } {
  const { stagedUploadId, ...rest } = args.input;
  const input: Record<string | symbol, unknown> = restInput(registry.resource('downloadable'), rest);
  if (stagedUploadId === undefined || stagedUploadId === null) return { input };
  const ref: StagedReference = { id: stagedUploadId };
  input[STAGED] = ref;
  return { input, ref };
}

type Write = (ctx: GraphQLContext, args: DownloadableArgs) => Promise<Values>;

function downloadableWrites(registry: Registry): Record<'create' | 'update' | 'replace', Write> {
  const r = registry.resource('downloadable');
  const update = (mode: 'patch' | 'put'): Write => async (ctx, args) => {
    const { input, ref } = splitInput(registry, args);
    const id = idOf(args.id);
    // Only a file replacement needs the stored file columns, to restore them if the move fails.
    const before = ref ? await getRow(ctx.svc, r, id, 'write') : undefined;
    return updateDownloadableWithFile(ctx.svc, id, input, mode, () => ref?.upload, before);
  };
  return {
    create: async (ctx, args) => {
      const { input, ref } = splitInput(registry, args);
      return createDownloadableWithFile(ctx.svc, input, parentOf(registry, r, { ...args }, ctx), () => ref?.upload);
    },
    update: update('patch'),
    replace: update('put'),
  };
}

type Resolvers = Pick<MutationResolvers, 'stageDownloadableUpload' | 'createDownloadable' | 'updateDownloadable' | 'replaceDownloadable'>;

export function uploadResolvers(registry: Registry): Resolvers {
  const writes = downloadableWrites(registry);
  const r = registry.resource('downloadable');
  // The mutation names below are checked against the schema by the generated MutationResolvers type.
  const key = gqlNames(r.typeName).payloadField;
  const payload = (write: Write) => async (_: unknown, args: DownloadableArgs, ctx: GraphQLContext) => {
    try {
      return { [key]: await write(ctx, args), userErrors: [] };
    } catch (err) {
      return { [key]: null, userErrors: renamed(userErrorsOf(err, r)) };
    }
  };
  return {
    stageDownloadableUpload: async (_, args, ctx) => {
      try {
        const upload = await stageUpload(ctx.svc, {
          file_name: args.input.fileName, content_type: args.input.contentType, size: args.input.size,
        });
        return { upload, userErrors: [] };
      } catch (err) {
        return { upload: null, userErrors: renamed(userErrorsOf(err)) };
      }
    },
    createDownloadable: payload(writes.create),
    updateDownloadable: payload(writes.update),
    replaceDownloadable: payload(writes.replace),
  };
}
