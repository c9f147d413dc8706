/*
 * webassets.h - the page's files (src/web/page/) compiled into the binary:
 * the Makefile generates build/gen/webassets.c with tools/embed.sh.
 */
#ifndef QUARTET_WEBASSETS_H
#define QUARTET_WEBASSETS_H

#include <stddef.h>

typedef struct webassets_file {
    const char *name; /* path under src/web/page/, e.g. "index.html" */
    const unsigned char *data;
    size_t size;
} webassets_file;

extern const webassets_file webassets_files[];
extern const int webassets_count;

#endif
