import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { functionsOf, parseHandler, SERVICE_NAMES } from '@giving/shared/manifest';
import { isPathParameterName, pathParameterNames } from '@giving/shared/contracts/path-parameters';
import { isPermission } from '@giving/shared/permissions';
import { manifests } from '../../services/index';
import { readDefinition, taskMappingProblems, taskStatesOf } from './asl';
import { handlerEntry, REPO_ROOT } from './bundling';

describe('the manifest list', () => {
  it('has every service exactly once', () => {
    expect(manifests.map((manifest) => manifest.service).sort()).toEqual([...SERVICE_NAMES].sort());
  });
});

describe.each(manifests.filter((manifest) => functionsOf(manifest).length > 0))('$service handlers', (manifest) => {
  it.each(functionsOf(manifest).map((entry) => [`${entry.trigger} ${entry.spec.handler}`, entry.spec.handler] as const))(
    '%s: the file exists and exports the function',
    async (_, handler) => {
      const file = handlerEntry(manifest.service, handler);
      expect(existsSync(file), file).toBe(true);
      const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      expect(typeof module[parseHandler(handler).exportName], `${file} exports ${parseHandler(handler).exportName}`).toBe('function');
    },
  );
});

describe.each(manifests.filter((manifest) => manifest.routes.length > 0))('$service routes', (manifest) => {
  it.each(manifest.routes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s declares a valid policy', (_, route) => {
    expect(route.auth, 'every route declares who may call it').toBeDefined();
    expect(['public', 'signedIn']).toContain(route.auth?.kind);
    if (route.auth.kind === 'signedIn') {
      const named = [...(route.auth.anyOf ?? []), ...(route.auth.allOf ?? [])];
      for (const permission of named) expect(isPermission(permission), `${permission} is in shared/permissions.ts`).toBe(true);
      if (route.auth.tenant) {
        expect(route.path, 'the tenant parameter is in the path').toContain(`{${route.auth.tenant.param}}`);
        expect(named.length, 'a tenant-scoped route names the permissions it needs there').toBeGreaterThan(0);
      }
    }
  });

  it('names every charity or workplace path parameter as the tenant of its policy (no unchecked object ids)', () => {
    for (const route of manifest.routes) {
      if (route.auth.kind !== 'signedIn') continue;
      for (const param of ['charityId', 'workplaceId']) {
        if (route.path.includes(`{${param}}`) && route.path.indexOf(`{${param}}`) === route.path.indexOf('{')) {
          expect(route.auth.tenant?.param, `${route.method} ${route.path}`).toBe(param);
        }
      }
    }
  });

  it('checks every path parameter with a schema of shared/contracts/path-parameters.ts (ids, slugs)', () => {
    const unchecked = manifest.routes.flatMap((route) =>
      pathParameterNames(route.path)
        .filter((name) => !isPathParameterName(name))
        .map((name) => `${route.method} ${route.path}: {${name}}`),
    );
    expect(unchecked, 'add the parameter to PATH_PARAMETERS').toEqual([]);
  });

  it('has no route twice', () => {
    const keys = manifest.routes.map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe.each(manifests.flatMap((manifest) => manifest.workflows.map((workflow) => ({ service: manifest.service, workflow }))))(
  '$service workflow',
  ({ service, workflow }) => {
    it(`${workflow.name}: every Task state has exactly one manifest task and the other way round`, () => {
      const { tasks } = readDefinition(path.join(REPO_ROOT, 'services', service, workflow.definition));
      expect(tasks.length).toBeGreaterThan(0);
      expect(new Set(tasks.map((task) => task.state)).size).toBe(tasks.length);
      expect(taskMappingProblems(tasks, Object.keys(workflow.tasks))).toEqual([]);
      for (const task of tasks) expect(task.resource, task.state).toBe('arn:aws:states:::lambda:invoke');
    });
  },
);

describe('ASL task checks', () => {
  const definition = {
    States: {
      Charge: { Type: 'Task', Resource: 'arn:aws:states:::lambda:invoke', Parameters: { FunctionName: '${Charge}' } },
      Fan: {
        Type: 'Parallel',
        Branches: [{ States: { Left: { Type: 'Task', Resource: 'x', Parameters: { FunctionName: '${Left}' } } } }],
      },
      Each: {
        Type: 'Map',
        ItemProcessor: { States: { Item: { Type: 'Task', Resource: 'x', Parameters: { FunctionName: '${Wrong}' } } } },
      },
      Done: { Type: 'Succeed' },
    },
  };

  it('finds Task states inside Parallel branches and Map processors', () => {
    expect(taskStatesOf(definition).map((task) => task.state)).toEqual(['Charge', 'Left', 'Item']);
  });

  it('reports unmapped states, unknown manifest tasks and wrong placeholders', () => {
    expect(taskMappingProblems(taskStatesOf(definition), ['Charge', 'Left', 'Ghost'])).toEqual([
      'Task state Item has no manifest task',
      'manifest task Ghost is not a Task state',
      'Task state Item must invoke FunctionName "${Item}", not ${Wrong}',
    ]);
  });
});

describe('the WebSocket API (live updates)', () => {
  const withSockets = manifests.filter((manifest) => manifest.websocket);

  it('belongs to at most one service (one API, one $connect)', () => {
    expect(withSockets.length).toBeLessThanOrEqual(1);
  });

  it.each(withSockets.map((manifest) => [manifest.service, manifest] as const))(
    '%s: $connect and $disconnect keep the connections in its own table',
    (_, manifest) => {
      expect(manifest.table, 'the LIVE# items need the table').toBeDefined();
      expect(manifest.table?.ttlAttribute, 'connections expire').toBe('expiresAt');
      for (const spec of [manifest.websocket!.connect, manifest.websocket!.disconnect]) expect(spec.access.table).toBe('readWrite');
    },
  );

  it('is posted to only by functions that also write their table (gone connections are deleted)', () => {
    for (const manifest of manifests) {
      for (const { spec } of functionsOf(manifest)) {
        if (spec.access.postsToConnections) expect(spec.access.table, `${manifest.service} ${spec.handler}`).toBe('readWrite');
      }
    }
  });
});
