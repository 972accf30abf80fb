/** Loads every module that registers business rules on itemtypes. */
import './items/tree';
import './items/notes';
import './users/user-rules';
import './users/user-emails';
import './users/apiclient-token';
import './itil/rules';
import './assets/network-ports';
import './documents/hooks';
