/*
 * web.h - `quartet serve`: the HTTP server (libmicrohttpd, its own thread
 * pool) for the page (embedded, or from --assets DIR) and the JSON API
 * (webapi.c), with games kept in SQLite (webstore.c).  Stops cleanly on
 * SIGINT and SIGTERM.
 */
#ifndef QUARTET_WEB_H
#define QUARTET_WEB_H

int web_main(int argc, char **argv);

#endif
