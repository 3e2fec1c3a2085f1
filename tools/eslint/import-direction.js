import path from 'node:path';

/**
 * One lint rule for the import direction of DESIGN.md:
 *   - domain code imports no AWS SDK, no Lambda types, and no adapters or handlers;
 *   - a service never imports another service (they talk through events and the HTTP API);
 *   - shared/ imports nothing from services, web, infra or tools;
 *   - web: shared ui/lib -> features -> app; a feature never imports another feature; nothing imports AWS or services.
 * Imports are resolved against the importing file, so relative paths cannot slip past.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');

function classify(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  let m = /^services\/([^/]+)\/(domain|adapters|handlers|workflows)\//.exec(rel);
  if (m) return { area: 'service', service: m[1], layer: m[2], rel };
  m = /^services\/([^/]+)\//.exec(rel);
  if (m) return { area: 'service', service: m[1], layer: 'root', rel };
  m = /^web\/src\/features\/([^/]+)\//.exec(rel);
  if (m) return { area: 'web', layer: 'feature', feature: m[1], rel };
  m = /^web\/src\/(app|components|lib)\//.exec(rel);
  if (m) return { area: 'web', layer: m[1], rel };
  if (rel.startsWith('web/')) return { area: 'web', layer: 'other', rel };
  m = /^(shared|infra|tools|tests|bench)\//.exec(rel);
  if (m) return { area: m[1], rel };
  return { area: 'root', rel };
}

function resolveTarget(source, fromFile) {
  if (source.startsWith('.')) return { file: path.resolve(path.dirname(fromFile), source) };
  if (source.startsWith('@giving/shared')) return { file: path.join(ROOT, 'shared', source.slice('@giving/shared'.length)) };
  return { pkg: source };
}

function violation(from, source, fromFile) {
  const target = resolveTarget(source, fromFile);
  const to = target.file ? classify(target.file.endsWith('/') ? target.file : `${target.file}/`) : undefined;
  const pkg = target.pkg;
  if (from.area === 'service' && from.layer === 'domain') {
    if (pkg && (pkg.startsWith('@aws-sdk/') || pkg === 'aws-lambda')) return `domain code must not import ${pkg}; put it behind a port in adapters/`;
    if (to?.area === 'service' && (to.layer === 'adapters' || to.layer === 'handlers')) return `domain code must not import ${to.layer}; inject a port instead`;
    if (to?.area === 'shared' && /^shared\/lambda\//.test(to.rel)) return 'domain code must not import the Lambda wrappers';
  }
  if (from.area === 'service' && to?.area === 'service' && to.service !== from.service) return `services/${from.service} must not import services/${to.service}; use events or the HTTP API`;
  if (from.area === 'shared' && to && ['service', 'web', 'infra', 'tools'].includes(to.area)) return `shared/ must not import ${to.rel.split('/')[0]}/`;
  if (from.area === 'web') {
    if (pkg && (pkg.startsWith('@aws-sdk/') || pkg === 'aws-lambda')) return `the SPA must not import ${pkg}`;
    if (to && to.area !== 'web' && to.area !== 'shared') return `the SPA must not import ${to.rel.split('/')[0]}/`;
    if (to?.area === 'shared' && /^shared\/lambda\//.test(to.rel)) return 'the SPA must not import the Lambda wrappers';
    if (from.layer === 'feature' && to?.layer === 'feature' && to.feature !== from.feature) return `feature ${from.feature} must not import feature ${to.feature}; compose them in src/app`;
    if ((from.layer === 'feature' || from.layer === 'components' || from.layer === 'lib') && to?.layer === 'app') return 'only src/app may import src/app';
    if ((from.layer === 'components' || from.layer === 'lib') && to?.layer === 'feature') return `shared ${from.layer}/ must not import features`;
  }
  return undefined;
}

export const importDirection = {
  meta: { type: 'problem', schema: [], messages: { wrong: '{{reason}}' } },
  create(context) {
    const from = classify(context.filename);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string') return;
      const reason = violation(from, node.source.value, context.filename);
      if (reason) context.report({ node: node.source, messageId: 'wrong', data: { reason } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { 'import-direction': importDirection } };
