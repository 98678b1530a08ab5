/**
 * Turns transparent huge pages off for this process before `@node-rs/argon2` loads (ADR 046). Import it before the
 * addon; `passwords.ts` does, and nothing else loads the addon.
 *
 * The addon's bundled allocator (mimalloc) takes each hash's memory straight from the OS, marks it MADV_HUGEPAGE and
 * unmaps it when the hash is done. With the kernel's default THP defrag setting ("madvise"), the first touch of such
 * memory can make the hashing thread compact memory to find a free 2 MiB page: measured, 20–30 ms of system time in a
 * few hashes in a hundred: the hash's own slow tail. mimalloc's own `allow_thp` option, read from
 * the environment when the addon loads, asks the kernel to stop that for the process (prctl PR_SET_THP_DISABLE).
 * Nothing else in the app asks for huge pages, so nothing else changes; processes it starts inherit the setting.
 * An operator's own MIMALLOC_ALLOW_THP wins.
 */
process.env.MIMALLOC_ALLOW_THP ??= '0';
