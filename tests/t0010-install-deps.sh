#!/bin/sh
# shellcheck disable=SC2016 # test scripts are single-quoted on purpose
# contrib/install-deps.sh: everything (the build and the tests' servers,
# browser and tools) with no option, as CI's Quick start runs it; the
# build's packages only with --build, as the README's players run it.
# apt-get, dpkg-query and sudo are stand-ins that record what would be
# installed: nothing is installed.
. "$top_srcdir/tests/lib.sh"

# fakes: dpkg-query knows no package, apt-get writes its arguments to
# apt.log, sudo runs its command.
fakes () {
	mkdir -p bin &&
	printf '#!/bin/sh\nexit 1\n' >bin/dpkg-query &&
	printf '#!/bin/sh\necho "$*" >>"%s/apt.log"\n' "$PWD" >bin/apt-get &&
	printf '#!/bin/sh\nexec "$@"\n' >bin/sudo &&
	chmod +x bin/*
}

installs () {
	PATH=$PWD/bin:$PATH "$top_srcdir/contrib/install-deps.sh" "$@" >out 2>err &&
	grep "^install -y" apt.log | tr " " "\n" >pkgs
}

test_expect_success 'issue 21.5: --build installs the build libraries, no server, browser or test tool' '
	fakes && installs --build &&
	for p in build-essential autoconf automake pkgconf libjansson-dev \
		libsodium-dev libgmime-3.0-dev libcurl4-openssl-dev libcairo2-dev; do
		grep -qx "$p" pkgs || { echo "missing $p"; return 1; }
	done &&
	! grep -E "dovecot|opensmtpd|chromium|valgrind|clang" pkgs
'

test_expect_success 'issue 21.5: with no option it installs everything the tests need too' '
	fakes && installs &&
	for p in build-essential libjansson-dev valgrind clang dovecot-imapd \
		opensmtpd chromium openssh-client; do
		grep -qx "$p" pkgs || { echo "missing $p"; return 1; }
	done
'

test_expect_success 'issue 21.5: an unknown option is refused, naming the ones it takes' '
	fakes &&
	expect_code 2 "$top_srcdir/contrib/install-deps.sh" --tests 2>err &&
	grep "unknown option .--tests.: give --build" err &&
	test ! -e apt.log
'

test_expect_success 'issue 21.5: the README has players build with --build; Quick start keeps the plain form' '
	sed -n "/^### With a carcpbem key/,/^### /p" "$top_srcdir/README.md" >players &&
	grep -q "^contrib/install-deps.sh --build " players &&
	! grep -q "^contrib/install-deps.sh  " players &&
	sed -n "/^## Quick start/,/^## /p" "$top_srcdir/README.md" >quick &&
	grep -qF "contrib/install-deps.sh && autoreconf -fi && ./configure --enable-sanitizers && make -j\"\$(nproc)\" check" quick
'

test_done
