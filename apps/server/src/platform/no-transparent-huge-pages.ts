/**
 * Turns transparent huge pages off for this process before `@node-rs/argon2` loads (ADR 046). Import it before the
 * addon; `passwords.ts` does, and nothing else loads the addon.
 *
 * The addon's bundled allocator (mimalloc) takes each hash's memory straight from the OS, marks it MADV_HUGEPAGE and
 * unmaps it when the hash is done. With the kernel's default THP defrag setting ("madvise"), the first touch of such
 * memory can make the hashing thread compact memory to find a free 2 MiB page: measured, 20–40 ms of system time in a
 * few hashes in a hundred, which was the whole of sign-in's slow tail. mimalloc's own `allow_thp` option, read from
 * the environment when the addon loads, asks the kernel to stop that for the process (prctl PR_SET_THP_DISABLE).
 * The process inherits nothing else from it: the app never asks for huge pages. An operator's own setting wins.
 */
process.env.MIMALLOC_ALLOW_THP ??= '0';
