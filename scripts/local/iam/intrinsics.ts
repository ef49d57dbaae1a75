/**
 * CloudFormation intrinsics of the synthesized template resolved to plain strings, the way
 * CloudFormation itself would at deploy time, but with the local stack's names and ARNs. Anything
 * this cannot resolve throws: a policy guessed wrong would pass or refuse calls AWS would not.
 */

/** What `Ref` and `Fn::GetAtt` give for one resource of the template. */
export type ResolvedResource = {
  type: string;
  ref: string;
  attributes: Record<string, string>;
};

export type ResolveContext = {
  /** By logical id. A resource missing here cannot be referenced. */
  resources: Record<string, ResolvedResource>;
  /** Pseudo parameters: AWS::Partition, AWS::Region, AWS::AccountId... */
  pseudo: Record<string, string>;
};

export class UnresolvableIntrinsicError extends Error {
  constructor(what: string, where: string) {
    super(`Cannot resolve ${what} in ${where} for the local stack`);
    this.name = 'UnresolvableIntrinsicError';
  }
}

const describe = (value: unknown) => JSON.stringify(value).slice(0, 200);

/** Resolves every intrinsic inside `value` (a policy document, a property); `where` names it in errors. */
export function resolveIntrinsics(value: unknown, ctx: ResolveContext, where: string): unknown {
  if (Array.isArray(value)) return value.map((item) => resolveIntrinsics(item, ctx, where));
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const [first] = entries;
  if (entries.length === 1 && first && (first[0] === 'Ref' || first[0].startsWith('Fn::'))) {
    return resolveFunction(first[0], first[1], ctx, where);
  }
  return Object.fromEntries(entries.map(([key, item]) => [key, resolveIntrinsics(item, ctx, where)]));
}

/** The same, for a value that must come out as one string (an ARN, a name). */
export function resolveString(value: unknown, ctx: ResolveContext, where: string): string {
  const resolved = resolveIntrinsics(value, ctx, where);
  if (typeof resolved !== 'string') throw new UnresolvableIntrinsicError(describe(value), where);
  return resolved;
}

function resolveFunction(name: string, arg: unknown, ctx: ResolveContext, where: string): unknown {
  const fail = (): never => {
    throw new UnresolvableIntrinsicError(describe({ [name]: arg }), where);
  };
  switch (name) {
    case 'Ref': {
      if (typeof arg !== 'string') return fail();
      return refOf(arg, ctx) ?? fail();
    }
    case 'Fn::GetAtt': {
      const [id, attribute] = typeof arg === 'string' ? splitOnce(arg, '.') : (arg as unknown[]);
      if (typeof id !== 'string' || typeof attribute !== 'string') return fail();
      return ctx.resources[id]?.attributes[attribute] ?? fail();
    }
    case 'Fn::Join': {
      const [delimiter, items] = arg as [unknown, unknown];
      if (typeof delimiter !== 'string' || !Array.isArray(items)) return fail();
      return items.map((item) => resolveString(item, ctx, where)).join(delimiter);
    }
    case 'Fn::Sub': {
      const [template, variables] = typeof arg === 'string' ? [arg, {}] : (arg as [unknown, unknown]);
      if (typeof template !== 'string' || !variables || typeof variables !== 'object') return fail();
      const vars = variables as Record<string, unknown>;
      return template.replace(/\$\{([^}]*)\}/g, (whole, inner: string) => {
        // ${!Literal} stands for the text ${Literal}.
        if (inner.startsWith('!')) return `\${${inner.slice(1)}}`;
        if (inner in vars) return resolveString(vars[inner], ctx, where);
        const [id, attribute] = splitOnce(inner, '.');
        const value = attribute ? ctx.resources[id]?.attributes[attribute] : refOf(inner, ctx);
        if (value === undefined) throw new UnresolvableIntrinsicError(`${whole} of ${describe(arg)}`, where);
        return value;
      });
    }
    case 'Fn::Select': {
      const [index, items] = arg as [unknown, unknown];
      const list = resolveIntrinsics(items, ctx, where);
      const i = Number(resolveIntrinsics(index, ctx, where));
      if (!Array.isArray(list) || !Number.isInteger(i) || i < 0 || i >= list.length) return fail();
      return list[i];
    }
    default:
      // Fn::If, Fn::ImportValue, Fn::GetAZs, Fn::Split... none appear in a Lambda's policy today.
      return fail();
  }
}

function refOf(name: string, ctx: ResolveContext): string | undefined {
  return name.startsWith('AWS::') ? ctx.pseudo[name] : ctx.resources[name]?.ref;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}
