#!/bin/sh
# Installs the Debian 12 (bookworm) packages needed to build carcpbem and
# run its tests. Does nothing if they are all installed already; otherwise
# runs apt-get update once and installs the missing ones (with sudo unless
# run as root).
#
#   contrib/install-deps.sh            everything: build and tests (CI)
#   contrib/install-deps.sh --build    only what building needs: a player,
#                                      or a host who does not run the
#                                      tests (no mail servers, no browser,
#                                      no valgrind or clang)
set -eu

build="
build-essential
autoconf
automake
pkgconf
libjansson-dev
libsodium-dev
libcairo2-dev
libpng-dev
libdeflate-dev
libgmime-3.0-dev
libcurl4-openssl-dev
"
# The tests' tools and servers, besides the build's packages.
tests="
valgrind
clang
libclang-rt-dev
python3
git
openssh-client
dovecot-imapd
dovecot-lmtpd
dovecot-submissiond
opensmtpd
chromium
"
# openssh-client: ssh-keygen makes the keys and signatures of the tests of
# SSH-signed turns (tests/t2050-ssh-turns.sh, tests/turn/data/ssh/) and
# signs as players do in the mail tests (t3155, t3205).
# chromium: headless, it renders the HTML version of a real notice
# (tests/t3190-mail-html.sh checks the page and that its map shows).
# The mail servers are for the end-to-end mail tests (tests/mailstack.sh),
# which run private instances on high ports of 127.0.0.1 from their own
# configuration. Where /usr/sbin/policy-rc.d does not forbid it, installing
# these packages also starts the system's dovecot (ports 143, 993) and
# smtpd (port 25); the tests never use those.

case ${1-} in
--build) packages=$build ;;
"") packages="$build $tests" ;;
-h | --help)
	echo "usage: $0 [--build]  (--build: the build's packages only, not the tests')"
	exit 0
	;;
*)
	echo "install-deps: unknown option '$1': give --build (build only) or nothing (build and tests)" >&2
	exit 2
	;;
esac

missing=
for p in $packages; do
	case $(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || :) in
	*" ok installed") ;;
	*) missing="$missing $p" ;;
	esac
done

if [ -z "$missing" ]; then
	echo "install-deps: all packages are installed"
	exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
	sudo=
elif command -v sudo >/dev/null 2>&1; then
	sudo=sudo
else
	echo "install-deps: run as root or install sudo; missing:$missing" >&2
	exit 1
fi

echo "install-deps: installing$missing"
$sudo env DEBIAN_FRONTEND=noninteractive apt-get update
# shellcheck disable=SC2086 # word splitting of $missing is intended
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing
