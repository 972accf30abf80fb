/** Loads every module that registers business rules on itemtypes. */
import './store/tree';
import './auth/user-rules';
import './itil/rules';
