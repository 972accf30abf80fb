/** Loads every module that registers business rules on itemtypes. */
import './store/tree';
import './store/notes';
import './auth/user-rules';
import './auth/user-emails';
import './auth/apiclients';
import './itil/rules';
import './itil/solutions';
import './itil/tasks';
import './assets/network-ports';
import './documents/hooks';
