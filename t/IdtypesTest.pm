#-------------------------------------------------------------------------
#
# IdtypesTest.pm
#	  The helpers shared by the TAP tests of idtypes, one module per topic
#	  under t/IdtypesTest/, exported here together:
#		Schemes	the list of the schemes that the tests of every scheme
#				iterate over
#		Clock	servers with a faked wall clock (libfaketime), and the
#				clocks' state file
#		Crash	crashes of every kind, and the restart after them
#		Load	load from background clients (pgbench)
#		Catalog	a description of the extension's catalog entries that two
#				databases can be compared by, the UUID functions of other
#				software that idtypes shares schemas with, node identities
#				across servers
#		Clients	the client programs' checks and the documentation's
#				examples for each driver
#		DocExamples	the ```sql examples of every document run and
#				compared with the output they show, and the documents'
#				links checked
#		Companion	the pure-SQL companion: its plain script installed,
#				and an installation without the C extension
#
# The fault explorer, IdtypesTest/Explorer.pm, is loaded by its test alone
# (use IdtypesTest::Explorer;).
#
# A test loads them all with
#	use FindBin;
#	use lib $FindBin::RealBin;
#	use IdtypesTest;
# or one topic with "use IdtypesTest::Schemes;".
#
# Copyright (c) 2026, idtypes developers
#
# t/IdtypesTest.pm
#
#-------------------------------------------------------------------------
package IdtypesTest;

use strict;
use warnings;
use Exporter 'import';
use IdtypesTest::Schemes;
use IdtypesTest::Clock;
use IdtypesTest::Crash;
use IdtypesTest::Load;
use IdtypesTest::Catalog;
use IdtypesTest::Clients;
use IdtypesTest::DocExamples;
use IdtypesTest::Companion;

our @EXPORT = map {
	no strict 'refs';
	@{"IdtypesTest::${_}::EXPORT"}
} qw(Schemes Clock Crash Load Catalog Clients DocExamples Companion);

1;
