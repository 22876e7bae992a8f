/*
 * bcryptprimitives.dll for testing under wine 8 (Debian 12), which lacks
 * it: Go 1.24+ programs take their random numbers from its ProcessPrng and
 * stop at start-up without it. This one answers from RtlGenRandom
 * (advapi32's SystemFunction036), the generator wine has. Test use only;
 * real Windows has the real DLL. Built by scripts/test-windows.
 */
#include <windows.h>

BOOLEAN NTAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T n)
{
	while (n > 0) {
		ULONG k = n > 0x40000000 ? 0x40000000 : (ULONG)n;
		if (!SystemFunction036(data, k))
			return FALSE;
		data += k;
		n -= k;
	}
	return TRUE;
}
