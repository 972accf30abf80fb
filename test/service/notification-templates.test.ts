/** GLPI's notification template language, as Deskbase renders it (server/notify/template.ts). */
import { expect, test } from 'bun:test';
import { escapeHtml, render, type TagData } from '../../server/notify/template';

const data: TagData = {
  values: { 'ticket.title': 'Printer <on> fire', 'ticket.storestatus': '5', 'ticket.assigntousers': '', 'ticket.category': 'Hardware' },
  lists: {
    followups: [
      { 'followup.author': 'Bob', 'followup.description': 'First' },
      { 'followup.author': 'Carol', 'followup.description': 'Second' },
    ],
  },
};

test('values, and an unknown tag renders empty', () => {
  expect(render('##ticket.title## / ##ticket.nosuchtag##.', data)).toBe('Printer <on> fire / .');
});

test('FOREACH repeats its body per element, with the item values beside the others', () => {
  expect(render('##FOREACHfollowups##[##followup.author##: ##followup.description## on ##ticket.category##]##ENDFOREACHfollowups##', data)).toBe('[Bob: First on Hardware][Carol: Second on Hardware]');
  expect(render('##FOREACHtasks##never##ENDFOREACHtasks##done', data)).toBe('done');
});

test('IF keeps its body for a non-empty value (or an equal one with =), ELSE when the IF did not', () => {
  const template = '##IFticket.assigntousers##to ##ticket.assigntousers####ENDIFticket.assigntousers####ELSEticket.assigntousers##nobody##ENDELSEticket.assigntousers##';
  expect(render(template, data)).toBe('nobody');
  expect(render(template, { ...data, values: { ...data.values, 'ticket.assigntousers': 'Bob' } })).toBe('to Bob');
  expect(render('##IFticket.storestatus=5##solved##ENDIFticket.storestatus####IFticket.storestatus=6##closed##ENDIFticket.storestatus##', data)).toBe('solved');
  expect(render('##IFticket.nosuchtag##x##ENDIFticket.nosuchtag##', data)).toBe('');
});

test('the HTML part escapes the values, not the template', () => {
  expect(render('<b>##ticket.title##</b>', data, escapeHtml)).toBe('<b>Printer &#60;on&#62; fire</b>');
});
