/* Wine 8 (Debian 12's) has no bcryptprimitives.dll, where Windows 10 and
 * later keep ProcessPrng, the system's random bytes, which Rust's standard
 * library on Windows imports. `cargo xtask windows` builds this stand-in
 * into its throwaway Wine prefix only: the game as shipped needs nothing
 * beside itself on a real Windows. It hands the request to advapi32's
 * RtlGenRandom (exported as SystemFunction036), which Wine has. */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    /* RtlGenRandom takes a 32-bit length: larger requests go in parts. */
    while (length > 0) {
        ULONG part = length > 0x10000000 ? 0x10000000 : (ULONG)length;
        if (!SystemFunction036(data, part))
            return FALSE;
        data += part;
        length -= part;
    }
    return TRUE;
}
