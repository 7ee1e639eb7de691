/**
 * `local/transaction-handle`: inside a transaction's callback, only its handle reaches the database
 * (docs/decisions/transaction-handle.md). On the embedded database (PGlite) one connection serves every request: a
 * query sent on the outer handle while a transaction holds that connection waits for the transaction, which waits for
 * the query — the whole server hangs (the first payment after a start did).
 *
 * Reported, inside the function given to `<handle>.transaction(fn)` (nested transactions included):
 * - a reference to the handle the transaction was opened on: `db.transaction(async (tx) => f(db))` — the variable
 *   itself (scope analysis, not the name), or for a member handle (`this.db`, `deps.database.db`) the same text;
 * - a reference to any other variable declared outside the callback with the type `Db` (server/db/client.ts), so a
 *   second handle in scope cannot be reached either.
 * Not reported: the same names declared inside the callback, and type positions (`typeof db`).
 * Calls into functions that capture the outer handle are beyond a syntax rule: the start-up test
 * (tests/server/firstCall.test.ts) makes each write the first call after a start, and the embedded database's
 * wait limit (server/db/pgliteGate.ts) answers 503 instead of hanging.
 */

/** The source text of a member chain made of identifiers and `this` (`deps.database.db`), else undefined. */
function chainText(node) {
  if (node.type === 'Identifier') return node.name;
  if (node.type === 'ThisExpression') return 'this';
  if (node.type === 'MemberExpression' && !node.computed && node.property.type === 'Identifier') {
    const object = chainText(node.object);
    return object === undefined ? undefined : `${object}.${node.property.name}`;
  }
  return undefined;
}

/** Whether a variable's declaration annotates it with the type named `Db`. */
function declaredAsDb(variable) {
  return variable.defs.some((def) => {
    const id = def.name;
    const annotation = id?.typeAnnotation?.typeAnnotation;
    return annotation?.type === 'TSTypeReference' && annotation.typeName.type === 'Identifier' && annotation.typeName.name === 'Db';
  });
}

/** Whether `inner` lies within `outer` (source ranges). */
const within = (inner, outer) => inner.range[0] >= outer.range[0] && inner.range[1] <= outer.range[1];

/** @type {import('eslint').Rule.RuleModule} */
const transactionHandle = {
  meta: {
    type: 'problem',
    docs: { description: "Forbid the outer database handle inside a transaction's callback." },
    schema: [],
    messages: {
      outer:
        "« {{name}} » dans la transaction : utilisez son handle ({{tx}}). Sur PGlite, une requête sur le handle extérieur attend la fin de la transaction, qui l'attend (docs/decisions/transaction-handle.md).",
    },
  },

  create(context) {
    const sourceCode = context.sourceCode;
    // A reference inside nested transactions is reported once.
    const reported = new Set();

    /** Reports every reference, inside `callback`, to a variable of an enclosing scope that is a database handle. */
    const checkCallback = (callback, handle) => {
      const txName = callback.params[0]?.type === 'Identifier' ? callback.params[0].name : 'tx';
      const handleVariable =
        handle.type === 'Identifier' ? sourceCode.getScope(handle).references.find((r) => r.identifier === handle)?.resolved : undefined;
      const handleText = chainText(handle);
      const report = (node, name) => {
        if (reported.has(node)) return;
        reported.add(node);
        context.report({ node, messageId: 'outer', data: { name, tx: txName } });
      };

      /** Walks the scopes of the callback (its own and nested ones) and checks their references. */
      const visit = (scope) => {
        for (const ref of scope.references) {
          const variable = ref.resolved;
          if (!variable || ref.isTypeReference) continue;
          const declaredInside = variable.defs.some((def) => within(def.name, callback));
          if (declaredInside) continue;
          if (variable === handleVariable || declaredAsDb(variable)) report(ref.identifier, ref.identifier.name);
        }
        for (const child of scope.childScopes) visit(child);
      };
      visit(sourceCode.getScope(callback));

      // A member handle (`this.db.transaction(…)`): the same chain used inside.
      if (handle.type === 'MemberExpression' && handleText !== undefined) {
        const walk = (node) => {
          if (!node || typeof node.type !== 'string') return;
          if (node.type === 'MemberExpression' && chainText(node) === handleText) return report(node, handleText);
          for (const key of Object.keys(node)) {
            if (key === 'parent') continue;
            const child = node[key];
            if (Array.isArray(child)) child.forEach(walk);
            else if (child && typeof child.type === 'string') walk(child);
          }
        };
        walk(callback.body);
      }
    };

    return {
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'transaction') return;
        const callback = node.arguments[0];
        if (!callback || (callback.type !== 'ArrowFunctionExpression' && callback.type !== 'FunctionExpression')) return;
        checkCallback(callback, callee.object);
      },
    };
  },
};

export default transactionHandle;
