import path from 'node:path';

/**
 * A server module is reached through its front door (decision 0162): code outside
 * `src/server/modules/<name>/` imports `…/modules/<name>` (its index.ts), never one of its files,
 * so that its repositories and helpers stay its own. Tests are left out (they test the module's
 * insides).
 */
const frontDoor = {
  meta: {
    type: 'problem',
    docs: { description: 'Import another server module only through its index.ts, never one of its files.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    const modules = path.resolve(
      path.dirname(context.filename).split(`${path.sep}src${path.sep}server`)[0],
      'src/server/modules',
    );
    const moduleOf = (absolute) => {
      const relative = path.relative(modules, absolute);
      return relative.startsWith('..') || path.isAbsolute(relative) ? null : relative.split(path.sep);
    };
    const here = moduleOf(file)?.[0];
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const parts = moduleOf(path.resolve(path.dirname(file), source));
      if (!parts || parts[0] === here || parts.length === 1 || (parts.length === 2 && parts[1] === 'index')) return;
      context.report({
        node: node.source,
        message: `Import the ${parts[0]} module through its front door ('…/modules/${parts[0]}'), not ${parts.slice(1).join('/')}: add what you need to its index.ts (decision 0162).`,
      });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export const moduleFrontDoorPlugin = { rules: { 'module-front-door': frontDoor } };
