/*
 * browser.c - $BROWSER; see browser.h.
 */
#include "browser.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int
browser_command(const char *entry, size_t len, char *out, size_t size)
{
	size_t k = 0;
	int subst = 0;

	while (len > 0 && (*entry == ' ' || *entry == '\t'))
		entry++, len--;
	if (len == 0 || size == 0)
		return -1;
	for (size_t i = 0; i < len; i++) {
		const char *put = NULL;
		char one[2] = { entry[i], '\0' };

		if (entry[i] == '%' && i + 1 < len && entry[i + 1] == 's') {
			put = "\"$1\"";
			subst = 1;
			i++;
		} else if (entry[i] == '%' && i + 1 < len && entry[i + 1] == '%') {
			put = "%";
			i++;
		} else {
			put = one;
		}
		if (k + strlen(put) >= size)
			return -1;
		memcpy(out + k, put, strlen(put));
		k += strlen(put);
	}
	if (!subst) {
		if (k + 5 >= size)
			return -1;
		memcpy(out + k, " \"$1\"", 5);
		k += 5;
	}
	out[k] = '\0';
	return 0;
}

/* Run one command on the address; its exit status, or -1. */
static int
run(const char *cmd, const char *address)
{
	struct sigaction ign, oldint, oldquit;
	pid_t pid;
	int st = -1;

	memset(&ign, 0, sizeof ign);
	ign.sa_handler = SIG_IGN;
	sigemptyset(&ign.sa_mask);
	sigaction(SIGINT, &ign, &oldint);
	sigaction(SIGQUIT, &ign, &oldquit);
	if ((pid = fork()) == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGQUIT, SIG_DFL);
		execl("/bin/sh", "sh", "-c", cmd, "sh", address, (char *)NULL);
		_exit(127);
	}
	if (pid > 0) {
		while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
			;
		st = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
	}
	sigaction(SIGINT, &oldint, NULL);
	sigaction(SIGQUIT, &oldquit, NULL);
	return st;
}

int
browser_open(const char *browser, const char *address, diag *d)
{
	char cmd[4096], safe[8192];
	int st = -1;

	if (browser == NULL || *browser == '\0')
		return diag_fail(d, "no browser: set BROWSER to one (BROWSER=firefox)");
	/* An address that looks like an option is a path: say so. */
	if (address[0] == '-') {
		if (snprintf(safe, sizeof safe, "./%s", address) >= (int)sizeof safe)
			return diag_fail(d, "the address is too long for a browser");
		address = safe;
	}
	for (const char *e = browser; *e != '\0' && st != 0;) {
		size_t n = strcspn(e, ":");

		if (browser_command(e, n, cmd, sizeof cmd) == 0)
			st = run(cmd, address);
		e += n + (e[n] == ':');
	}
	if (st != 0)
		return diag_fail(d, "the browser failed (exit status %d): %.200s", st, browser);
	return 0;
}
