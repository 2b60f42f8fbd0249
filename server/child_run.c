/*
 * A bounded child process (child_run.h). fork and exec rather than
 * posix_spawn: the child must join a process group of its own and ask to
 * die with the thread that started it (PR_SET_PDEATHSIG) before it execs,
 * and between fork and exec it makes async-signal-safe calls only.
 */
#include "child_run.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "buf.h"

extern char **environ;

/* How long a wait may go without looking at cancel. */
#define CHILD_TICK_MS 50

static long long child_now_ms(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The child, from fork to exec. Never returns. */
static void child_exec(char *const argv[], int out_fd, pid_t parent)
{
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent) /* the parent went before the request took */
		_exit(127);
	sigset_t none;
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* stdout first, so that /dev/null (which may land on a closed 0 or 2) cannot take its place. */
	if (out_fd == STDOUT_FILENO ? fcntl(out_fd, F_SETFD, 0) != 0 : dup2(out_fd, STDOUT_FILENO) < 0)
		_exit(127);
	int null = open("/dev/null", O_RDWR);
	if (null < 0 || dup2(null, STDIN_FILENO) < 0 || dup2(null, STDERR_FILENO) < 0)
		_exit(127);
	execve(argv[0], argv, environ);
	_exit(127);
}

static bool child_cancelled(const gg_child_limits *limits)
{
	return limits->cancel && atomic_load(limits->cancel);
}

/* Reads the child's stdout until its end, the deadline, the bound or cancel. Returns 0 or a negative errno. */
static int child_read(int fd, const gg_child_limits *limits, long long deadline, gg_buf *b)
{
	char chunk[4096];
	for (;;) {
		if (child_cancelled(limits))
			return -ECANCELED;
		long long left = deadline - child_now_ms();
		if (left <= 0)
			return -ETIMEDOUT;
		struct pollfd pfd = { fd, POLLIN, 0 };
		int n = poll(&pfd, 1, (int)(left < CHILD_TICK_MS ? left : CHILD_TICK_MS));
		if (n <= 0)
			continue; /* a tick, or EINTR */
		ssize_t got = read(fd, chunk, sizeof chunk);
		if (got < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (got <= 0)
			return 0;
		if (b->len + (size_t)got > limits->max_output)
			return -EFBIG;
		if (gg_buf_append(b, chunk, (size_t)got) != 0)
			return -ENOMEM;
	}
}

/* Waits for the child's exit until the deadline or cancel. Returns 0 once reaped, or a negative errno. */
static int child_wait(pid_t pid, const gg_child_limits *limits, long long deadline, int *status)
{
	for (;;) {
		pid_t w = waitpid(pid, status, WNOHANG);
		if (w == pid)
			return 0;
		if (w < 0 && errno != EINTR)
			return -ECHILD;
		if (child_cancelled(limits))
			return -ECANCELED;
		long long left = deadline - child_now_ms();
		if (left <= 0)
			return -ETIMEDOUT;
		poll(NULL, 0, (int)(left < 10 ? left : 10));
	}
}

int gg_child_run(char *const argv[], const gg_child_limits *limits, char **out, size_t *len)
{
	*out = NULL;
	*len = 0;
	int p[2];
	if (pipe2(p, O_CLOEXEC) != 0)
		return errno == ENOMEM ? -ENOMEM : -ENOENT;
	pid_t parent = getpid();
	pid_t pid = fork();
	if (pid < 0) {
		int err = errno;
		close(p[0]);
		close(p[1]);
		return err == ENOMEM ? -ENOMEM : -ENOENT;
	}
	if (pid == 0)
		child_exec(argv, p[1], parent);
	close(p[1]);
	/* Here too, so that the group exists before any kill; after the child's exec this fails harmlessly. */
	setpgid(pid, pid);
	long long deadline = child_now_ms() + limits->timeout_ms;
	gg_buf b = { NULL, 0, 0 };
	int status = 0;
	int rc = child_read(p[0], limits, deadline, &b);
	close(p[0]);
	int waited = rc ? rc : child_wait(pid, limits, deadline, &status);
	if (waited != -ECHILD) {
		/*
		 * Not reaped yet (time, bound, cancel), or reaped with what it
		 * started still in its group: the group goes. Its id is not given
		 * to another process while the group has members.
		 */
		kill(-pid, SIGKILL);
		if (waited) {
			kill(pid, SIGKILL);
			while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
				;
		}
	}
	if (!rc)
		rc = waited == -ECHILD ? -ENOENT : waited;
	if (!rc && !WIFEXITED(status))
		rc = -ENOENT;
	if (!rc) {
		size_t n = b.len;
		*out = gg_buf_take(&b);
		if (!*out)
			rc = -ENOMEM;
		else
			*len = n;
	}
	gg_buf_free(&b);
	return rc ? rc : WEXITSTATUS(status);
}
