import { NodeFS } from '@electric-sql/pglite/nodefs';

type InitArgs = Parameters<NodeFS['init']>;
type PostgresMod = NonNullable<InitArgs[1]['preRun']>[number] extends (mod: infer M) => void
  ? M
  : never;
type SetAttr = (target: unknown, attr: { mode?: number }) => void;
type MkNod = (parent: unknown, name: string, mode: number, dev: number) => unknown;
interface EmscriptenNodeFs {
  node_ops: { setattr: SetAttr; mknod: MkNod };
  stream_ops: { setattr: SetAttr };
}

/**
 * PGlite's Postgres runs in WebAssembly without a umask and chmods the files it creates to 0666,
 * whatever this process's umask says: every local user could read the database. This keeps the
 * owner's bits of every mode it sets and drops group and other (decision 0017).
 */
export class OwnerOnlyNodeFS extends NodeFS {
  override init(pg: InitArgs[0], opts: InitArgs[1]): ReturnType<NodeFS['init']> {
    const ownerOnly = (mod: PostgresMod) => {
      const nodefs = (mod as unknown as { NODEFS: EmscriptenNodeFs }).NODEFS;
      const mknod = nodefs.node_ops.mknod;
      nodefs.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~0o077, dev);
      for (const ops of [nodefs.node_ops, nodefs.stream_ops]) {
        const setattr = ops.setattr;
        ops.setattr = (target, attr) =>
          setattr(target, attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~0o077 });
      }
    };
    // Runs before NodeFS mounts the data dir, so every file Postgres touches goes through it.
    return super.init(pg, { ...opts, preRun: [ownerOnly, ...(opts.preRun ?? [])] });
  }
}
