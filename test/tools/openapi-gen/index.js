// openapi-typescript resolves `typescript` from here: this package's own TypeScript 5, not the project's 7.
import openapiTS, { astToString } from 'openapi-typescript';

/**
 * TypeScript declarations (`paths`, `components`, …) for an OpenAPI 3.x document object.
 * `defaultNonNullable: false` (CLI: `--default-non-nullable=false`): a request field with a
 * default stays optional, as the server treats it; otherwise every defaulted body field is required.
 */
export async function typesOf(document) {
  return astToString(await openapiTS(document, { defaultNonNullable: false }));
}
