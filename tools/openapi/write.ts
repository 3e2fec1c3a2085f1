import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { manifests } from '../../services';
import { buildOpenApiDocument, DOCUMENT_FILE, REPO_ROOT, serialise } from './document';

/** `npm run openapi`: writes docs/openapi.json from the manifests, handlers and contracts (the API serves that file). */
const document = await buildOpenApiDocument(manifests);
writeFileSync(DOCUMENT_FILE, serialise(document));
const operations = Object.values(document.paths).reduce((count, methods) => count + Object.keys(methods).length, 0);
console.log(`${path.relative(REPO_ROOT, DOCUMENT_FILE)}: ${operations} operations, ${Object.keys(document.components.schemas).length} schemas`);
