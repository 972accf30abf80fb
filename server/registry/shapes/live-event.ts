/** One event of the live stream (`GET /apirest.php/events`): a shape shared with the console, which may import only the registry. */
export interface LiveEvent {
  itemtype: string;
  items_id: number;
  event: string;
  /** For assign_user: the user assigned (the console's "assigned to you"). */
  users_id?: number;
}
