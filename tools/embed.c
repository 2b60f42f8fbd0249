/*
 * gg-embed INPUT OUTPUT SYMBOL: writes OUTPUT, a C file defining
 *   const char SYMBOL[];            the bytes of INPUT, NUL-terminated
 *   const unsigned SYMBOL_len;      their count, without the NUL
 * Used at build time to compile the .scm files of queries/ into the binary.
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: %s INPUT OUTPUT SYMBOL\n", argv[0]);
		return 2;
	}
	FILE *in = fopen(argv[1], "rb");
	if (!in) {
		perror(argv[1]);
		return 1;
	}
	FILE *out = fopen(argv[2], "w");
	if (!out) {
		perror(argv[2]);
		fclose(in);
		return 1;
	}
	fprintf(out, "/* Generated from %s by gg-embed; do not edit. */\n", argv[1]);
	fprintf(out, "extern const char %s[];\nextern const unsigned %s_len;\n", argv[3], argv[3]);
	fprintf(out, "const char %s[] = {", argv[3]);
	unsigned long n = 0;
	int c;
	while ((c = fgetc(in)) != EOF) {
		fprintf(out, "%s'\\x%02x',", n % 16 ? "" : "\n\t", (unsigned)c);
		n++;
	}
	fprintf(out, "\n\t0\n};\nconst unsigned %s_len = %luu;\n", argv[3], n);
	int bad = ferror(in) || ferror(out);
	fclose(in);
	if (fclose(out) != 0)
		bad = 1;
	return bad ? 1 : 0;
}
